import { inflateSync } from 'node:zlib';

/** Reads back a PNG the server wrote (8-bit RGBA, filter 0 on every row), to look at its pixels. */
export function decodeOwnPng(png: Buffer) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    if (type === 'IDAT') idat.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4 + 1;
  return {
    width,
    height,
    /** [r, g, b, a] of one pixel; throws on a row filter this reader does not undo. */
    pixel: (x: number, y: number): number[] => {
      if (raw[y * stride] !== 0) throw new Error(`row ${y} uses PNG filter ${raw[y * stride]}`);
      const at = y * stride + 1 + x * 4;
      return [...raw.subarray(at, at + 4)];
    },
  };
}
