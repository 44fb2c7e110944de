/**
 * Runs `fn` once what the current task returned to the editor is on its way there, and returns
 * a cancel. The extension host writes a provider's answer to the editor from a timer it starts
 * in the task that produced the answer (its protocol batches writes that way); work deferred
 * with setImmediate alone runs before that timer, so between the answer and the screen. A timer
 * started from setImmediate is queued behind the host's and runs after the write.
 */
export function afterHostReply(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const immediate = setImmediate(() => {
    timer = setTimeout(fn);
  });
  return () => {
    clearImmediate(immediate);
    clearTimeout(timer);
  };
}
