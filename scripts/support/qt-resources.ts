import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { inflateSync } from 'node:zlib';

/**
 * The files in a compiled Qt resource bundle (a `.rcc`, as GCompris ships its activities' pictures
 * in Debian's gcompris-qt-data), by path. The format (Qt's rcc.cpp): a 'qres' header with the
 * offsets of a tree of 14-byte (version 1) or 22-byte nodes, their names (UTF-16) and their data
 * (zlib-compressed where a node's flags say so). Zstandard-compressed files are left out: Node 20
 * cannot inflate them.
 */
export function readQtResources(bundle: Buffer): Map<string, Buffer> {
  if (bundle.toString('latin1', 0, 4) !== 'qres') throw new Error('not a Qt resource bundle (no qres header)');
  const [version, tree, data, names] = [4, 8, 12, 16].map((at) => bundle.readUInt32BE(at)) as [
    number,
    number,
    number,
    number,
  ];
  const nodeSize = version === 1 ? 14 : 22;
  const nameAt = (offset: number) => {
    const length = bundle.readUInt16BE(names + offset);
    // A copy: swap16 turns the bytes round in place, and a name may be shared by several nodes.
    return Buffer.from(bundle.subarray(names + offset + 6, names + offset + 6 + 2 * length))
      .swap16()
      .toString('utf16le');
  };
  const files = new Map<string, Buffer>();
  const walk = (node: number, path: string) => {
    const at = tree + node * nodeSize;
    const flags = bundle.readUInt16BE(at + 4);
    const here = node === 0 ? '' : join(path, nameAt(bundle.readUInt32BE(at)));
    if (flags & 2) {
      const [count, first] = [bundle.readUInt32BE(at + 6), bundle.readUInt32BE(at + 10)];
      for (let child = first; child < first + count; child++) walk(child, here);
      return;
    }
    const offset = data + bundle.readUInt32BE(at + 10);
    const stored = bundle.subarray(offset + 4, offset + 4 + bundle.readUInt32BE(offset));
    if (flags & 4) return;
    // Compressed: a 4-byte uncompressed size, then a zlib stream (qCompress).
    files.set(here, Buffer.from(flags & 1 ? inflateSync(stored.subarray(4)) : stored));
  };
  walk(0, '');
  return files;
}

// Usage: tsx scripts/support/qt-resources.ts BUNDLE.rcc OUT_DIR PREFIX EXTENSION writes each file
// whose path (no leading slash) starts with PREFIX and ends in EXTENSION into OUT_DIR, as BUNDLE-NAME.
if (process.argv[1] && basename(process.argv[1]) === 'qt-resources.ts') {
  const [bundle, out, prefix, extension] = process.argv.slice(2);
  if (!bundle || !out || !prefix || !extension) throw new Error('usage: qt-resources.ts BUNDLE OUT PREFIX EXTENSION');
  mkdirSync(out, { recursive: true });
  for (const [path, bytes] of readQtResources(readFileSync(bundle)))
    if (path.startsWith(prefix) && path.endsWith(extension))
      writeFileSync(join(out, `${basename(bundle, '.rcc')}-${basename(path)}`), bytes);
}
