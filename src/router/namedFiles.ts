import { distinctFiles, fileMentions } from './fileMentions';
import { parseOverridePrefix } from './overridePrefix';
import { proseText } from './proseText';

/** The files an instruction names in its prose (not inside code samples), as the router counts them. */
export function namedFiles(text: string): string[] {
  const { prose, inlineCode } = proseText(parseOverridePrefix(text).text);
  return distinctFiles(fileMentions(prose, inlineCode));
}
