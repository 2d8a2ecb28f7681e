import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

export interface TZipInput {
  name: string;
  data: Buffer;
}

/** An entry deflated already, with the size its header declares (a zip bomb may lie about it). */
export interface TDeflatedZipInput {
  name: string;
  deflated: Buffer;
  crc: number;
  declaredSize: number;
}

/**
 * A member holding `head`, then `piece` repeated `times`, deflated as it is generated:
 * a zip bomb of gigabytes is a few kilobytes here and never sits inflated in memory.
 */
export async function deflateRepeated(
  name: string,
  piece: Buffer,
  times: number,
  head = Buffer.alloc(0),
): Promise<TDeflatedZipInput> {
  let crc = zlib.crc32(head);
  const chunks: Buffer[] = [];
  await pipeline(
    function* () {
      yield head;
      for (let i = 0; i < times; i++) {
        crc = zlib.crc32(piece, crc);
        yield piece;
      }
    },
    zlib.createDeflateRaw({ level: 9 }),
    async (deflated: AsyncIterable<Buffer>) => {
      for await (const chunk of deflated) chunks.push(chunk);
    },
  );
  return { name, deflated: Buffer.concat(chunks), crc, declaredSize: head.length + piece.length * times };
}

/**
 * A minimal zip writer (deflate, no zip64) for tests and the bench: the GTFS
 * corpus is kept as folders, and the bench builds large feeds.
 */
export function writeZip(files: (TZipInput | TDeflatedZipInput)[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const compressed = 'deflated' in file ? file.deflated : zlib.deflateRawSync(file.data);
    const crc = 'deflated' in file ? file.crc : zlib.crc32(file.data);
    const size = 'deflated' in file ? file.declaredSize : file.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** Every file under a folder, named by its path inside it. */
export function zipFolder(folder: string): Buffer {
  const files: TZipInput[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.push({ name: path.relative(folder, full).split(path.sep).join('/'), data: readFileSync(full) });
    }
  };
  walk(folder);
  return writeZip(files);
}
