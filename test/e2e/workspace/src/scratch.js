// A place to try ghost text: type below.

