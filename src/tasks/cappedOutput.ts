/** Most characters of a command's output a task keeps (it goes into the model's context and the log). */
export const OUTPUT_CAP = 32_000;

/** The output's start and end with what was cut in between said, when it is longer than `cap`. */
export function capOutput(text: string, cap = OUTPUT_CAP): string {
  if (text.length <= cap) return text;
  const head = Math.floor(cap / 4);
  const tail = cap - head;
  return `${text.slice(0, head)}\n… ${text.length - cap} characters cut …\n${text.slice(text.length - tail)}`;
}
