import { ApiError } from '../../contract/api-error.js';

const QUOTE = 0x22;
/** What a body may hold beside its longest string (the photo): the contract's few short fields, many times over. */
export const MAX_FIELDS_BYTES = 64 * 1024;
const BACKSLASH = 0x5c;

const fieldsTooLarge = () =>
  new ApiError(
    'VALIDATION_ERROR',
    `The request body holds more than ${MAX_FIELDS_BYTES / 1024} KiB beside the image; send the photo and the contract's fields only.`,
  );

/**
 * Refuses a body whose parts beside its longest string (the photo, wherever it is) exceed
 * MAX_FIELDS_BYTES, before anything parses it: JSON.parse of a 5 MB object of 450,000 keys holds
 * the event loop for half a second, and a client could send that for free. The scan jumps from
 * quote to quote with indexOf and stops as soon as the bytes outside the longest string so far
 * pass the bound (those bytes are outside the longest string of the whole body too), so a bomb
 * costs a scan of about MAX_FIELDS_BYTES; a budget of quotes bounds bodies of escaped quotes.
 */
export function refuseLargeFields(body: Buffer): void {
  let longest = 0;
  let quotes = 0;
  /** The quote that closes the string opened at `open` (one not escaped by an odd run of backslashes); -1 if none. */
  const closing = (open: number) => {
    for (let at = body.indexOf(QUOTE, open + 1); at >= 0; at = body.indexOf(QUOTE, at + 1)) {
      if (++quotes > MAX_FIELDS_BYTES / 2) throw fieldsTooLarge();
      let backslashes = 0;
      while (body[at - 1 - backslashes] === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) return at;
    }
    return -1;
  };
  for (let open = body.indexOf(QUOTE); open >= 0; open = body.indexOf(QUOTE, open + 1)) {
    const close = closing(open);
    // An unterminated string: JSON.parse will say the body is not JSON.
    if (close < 0) return;
    longest = Math.max(longest, close + 1 - open);
    if (close + 1 - longest > MAX_FIELDS_BYTES) throw fieldsTooLarge();
    open = close;
  }
  if (body.length - longest > MAX_FIELDS_BYTES) throw fieldsTooLarge();
}
