import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/contract/api-error.js';
import { parseCuttingImage, parseJsonBody } from '../../src/http/transport/parse-json-body.js';

/** A photo's worth of Base64: large enough for the shortcut, which starts at 64 KB. */
const base64 = randomBytes(120_000).toString('base64');
const mime = base64.replace(/.{76}/g, '$&\r\n');

/** What JSON.parse makes of the body, or 'refused' where it throws: parseJsonBody must agree exactly. */
function expected(text: string): unknown {
  if (text.trim() === '') return {};
  if (!/^\s*[{[]/.test(text)) return 'refused';
  try {
    return JSON.parse(text);
  } catch {
    return 'refused';
  }
}

/** parseJsonBody's value, with a cut image field put back as the string JSON.parse would have made. */
function actual(text: string): unknown {
  try {
    const { value, image } = parseJsonBody(Buffer.from(text));
    return image ? { ...(value as object), image: image.text.toString('latin1') } : value;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('VALIDATION_ERROR');
    return 'refused';
  }
}

describe('parseJsonBody reads a body exactly as JSON.parse does, however it is built', () => {
  it.each([
    ['a plain body', `{"image":"${base64}","language":"zh","animalType":"狗"}`],
    ['the image last, with spaces around the colon', `{ "language" : "es" , "image" \t:\r\n "${base64}" }`],
    ['a data URL', `{"image":"data:image/jpeg;base64,${base64}"}`],
    ['a nested "image" before the real one', `{"meta":{"image":"${base64}"},"image":"${base64.slice(0, 100)}"}`],
    ['a nested "image" and no top-level one', `{"meta":{"image":"${base64}"}}`],
    ['two top-level images: the last wins', `{"image":"${base64}","image":"QUJD"}`],
    ['"image" as a value before the key', `{"kind":"image","image":"${base64}"}`],
    ['escaped slashes', `{"image":"${base64.replace(/\//g, '\\/')}"}`],
    ['JSON-escaped line breaks', `{"image":"${JSON.stringify(mime).slice(1, -1)}"}`],
    ['raw line breaks inside the string (not JSON)', `{"image":"${mime}"}`],
    ['a raw tab inside the string (not JSON)', `{"image":"${base64.slice(0, 5000)}\t${base64.slice(5000)}"}`],
    ['a non-ASCII letter inside the Base64', `{"image":"${base64.slice(0, 5000)}é${base64.slice(5000)}"}`],
    ['a \\u escape inside the Base64', `{"image":"${base64.slice(0, 5000)}\\u0041${base64.slice(5000)}"}`],
    ['a data URL with an escaped slash in its prefix', `{"image":"data:image\\/jpeg;base64,${base64}"}`],
    ['a data URL with an escaped backslash in its prefix', `{"image":"data:image\\\\jpeg;base64,${base64}"}`],
    ['a data URL with a control character in its prefix', `{"image":"data:image/jpeg\u0001;base64,${base64}"}`],
    ['the image not a string', `{"image":[${'1,'.repeat(20_000)}1]}`],
    ['an array around it', `[{"image":"${base64}"}]`],
    ['a body cut short', `{"image":"${base64}`],
    ['a body cut after the string', `{"image":"${base64}",`],
    ['trailing garbage', `{"image":"${base64}"} x`],
    ['a key that ends in an escaped quote and "image"', `{"abc\\"image":"${base64}"}`],
    ['a prototype key', `{"__proto__":{"admin":true},"image":"${base64}"}`],
    ['nothing but spaces', ' '.repeat(60_000)],
    ['a scalar', `"${base64}"`],
    ['non-ASCII text on both sides of the image', `{"animalType":"狗 ñ","image":"${base64}","note":"é😀"}`],
  ])('%s', (_name, text) => {
    expect(actual(text)).toEqual(expected(text));
  });

  it('takes the shortcut for plain Base64 and data URLs at the top level, and leaves everything else to JSON.parse', () => {
    const cut = (text: string) => parseCuttingImage(Buffer.from(text)) !== undefined;
    expect(cut(`{"image":"${base64}","language":"zh"}`)).toBe(true);
    expect(cut(`{ "language" : "es" , "image" :\n "${base64}" }`)).toBe(true);
    expect(cut(`{"image":"data:image/jpeg;base64,${base64}"}`)).toBe(true);
    expect(cut(`{"kind":"image","image":"${base64}"}`)).toBe(true);
    expect(cut(`{"meta":{"image":"${base64}"},"image":"QUJD"}`)).toBe(false);
    expect(cut(`{"image":"${base64}","image":"QUJD"}`)).toBe(false);
    expect(cut(`{"image":"${mime}"}`)).toBe(false);
    expect(cut(`{"image":"${base64.replace(/\//g, '\\/')}"}`)).toBe(false);
  });

  it('keeps "__proto__" an own key, never the prototype', () => {
    const parsed = parseJsonBody(Buffer.from(`{"__proto__":{"admin":true},"image":"${base64}"}`)).value as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect((parsed as { admin?: unknown }).admin).toBeUndefined();
  });

  it('hands over the Base64 it decoded to check it: the photo’s bytes, decoded once, and the field as it stood', () => {
    // Past a piece of 64 K characters, and not a whole number of pieces: the last piece is short.
    const photo = randomBytes(200_000);
    const plain = parseJsonBody(Buffer.from(`{"image":"${photo.toString('base64')}"}`));
    expect(plain.image?.bytes.equals(photo)).toBe(true);
    expect(plain.image?.text.toString('latin1')).toBe(photo.toString('base64'));
    const dataUrl = parseJsonBody(Buffer.from(`{"image":"data:image/jpeg;base64,${photo.toString('base64')}"}`));
    expect(dataUrl.image?.bytes.equals(photo)).toBe(true);
    // Taken by JSON.parse instead: nothing decoded yet, the image is the value's string.
    const escaped = parseJsonBody(Buffer.from(`{"image":"${base64.replace(/\//g, '\\/')}"}`));
    expect(escaped.image).toBeUndefined();
    expect((escaped.value as { image: string }).image).toBe(base64);
  });

  it('checks the Base64 a piece at a time exactly as decoding it whole does', () => {
    const photo = randomBytes(3 * 65_536 + 2); // three whole pieces and a padded tail
    const text = photo.toString('base64');
    const cut = (field: string) => parseCuttingImage(Buffer.from(`{"image":"${field}"}`))?.image?.bytes;
    expect(cut(text)?.equals(photo)).toBe(true);
    expect(cut(text.replace(/=+$/, ''))?.equals(photo)).toBe(true); // padding left off, as decodeStrict allows
    expect(cut(Buffer.from(photo).toString('base64url'))?.equals(photo)).toBe(true);
    // Broken in the first piece, on a piece's edge, in the last: each is left to JSON.parse and intake.
    for (const at of [10, 65_535, 65_536, text.length - 5]) {
      expect(cut(`${text.slice(0, at)}*${text.slice(at + 1)}`), `* at ${at}`).toBeUndefined();
      expect(cut(`${text.slice(0, at)}=${text.slice(at + 1)}`), `= at ${at}`).toBeUndefined();
    }
    expect(cut(`${text}A`)).toBeUndefined(); // 4k + 1 characters
    expect(cut(`${text.slice(0, -4)}A===`)).toBeUndefined();
    expect(cut(`data:image/jpeg,${text}`)).toBeUndefined(); // a data URL that is not Base64
    expect(cut('data:image/jpeg;base64,')).toBeUndefined(); // nothing after the prefix
  });

  it('drops a UTF-8 byte-order mark, small body or large', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect(parseJsonBody(Buffer.concat([bom, Buffer.from('{"language":"es"}')])).value).toEqual({ language: 'es' });
    expect(
      parseJsonBody(Buffer.concat([bom, Buffer.from(`{"image":"${base64}"}`)])).image?.text.toString('latin1'),
    ).toBe(base64);
  });
});

describe('what a body holds beside its photo is bounded before anything parses it', () => {
  const refusal = (text: string) => {
    try {
      parseJsonBody(Buffer.from(text));
      return undefined;
    } catch (error) {
      return (error as ApiError).message;
    }
  };

  it.each([
    [
      'a key bomb beside a tiny image',
      `{"image":"x",${Array.from({ length: 20_000 }, (_, i) => `"k${i}":0`).join(',')}}`,
    ],
    [
      'a key bomb beside a real photo',
      `{"image":"${base64}",${Array.from({ length: 20_000 }, (_, i) => `"k${i}":0`).join(',')}}`,
    ],
    ['an array of numbers for the image', `{"image":[${'1,'.repeat(40_000)}1]}`],
    ['70,000 spaces', ' '.repeat(70_000)],
    ['one string of escaped quotes', `{"image":"${'\\"'.repeat(40_000)}"}`],
  ])('%s: refused, naming the bound', (_name, text) => {
    expect(refusal(text)).toMatch(/more than 64 KiB beside the image/);
  });

  it('a photo with fields just under the bound beside it is read as JSON.parse reads it', () => {
    const fields = Array.from({ length: 6_000 }, (_, i) => `"k${i}":0`).join(',');
    const text = `{${fields},"image":"${base64}","language":"es"}`;
    expect(text.length - base64.length).toBeLessThan(64 * 1024);
    expect(actual(text)).toEqual(expected(text));
  });
});
