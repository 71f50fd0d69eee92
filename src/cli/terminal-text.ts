/**
 * C0, DEL and C1 control characters, and the bidirectional controls: in a name printed to a
 * terminal they could move the cursor, recolour or retitle it, or reverse a row (U+202E).
 */
export const isControlCharacter = (character: string) => {
  const code = character.codePointAt(0)!;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
};

/** `text` as a terminal may show it: every control character written as a \u escape. */
export const printable = (text: string) =>
  [...text].map((c) => (isControlCharacter(c) ? `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}` : c)).join('');

/**
 * A printed line with names from files and folders in it (a photo's path, a label): its control
 * characters escaped, its line breaks and tabs kept. In JSON output, the escape is JSON's own, so
 * the value a script reads is unchanged.
 */
export const terminalLine = (line: string) =>
  line
    .split('\n')
    .map((part) => part.split('\t').map(printable).join('\t'))
    .join('\n');
