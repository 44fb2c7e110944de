// The lines of the small TypeScript file the inline-edit tests rewrite (the scripted endpoint's
// replies are written for it). Each test joins them with the line ends it wants to check.
export const SHAPES_LINES = [
  'export function area(w: number, h: number): number {',
  '\treturn w * h;',
  '}',
  '',
  'export function perimeter(w: number, h: number): number {',
  '\treturn 2 * (w + h);',
  '}',
];
