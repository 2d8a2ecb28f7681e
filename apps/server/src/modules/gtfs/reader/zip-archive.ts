import { pipeline, type Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { DEFAULT_GTFS_ZIP_LIMITS, type TZipLimits } from '../../../config.ts';

/** A member unzipped to more than a limit allows; `path` is the member that crossed it. */
export class ZipSizeLimitError extends Error {
  readonly kind: 'FILE' | 'TOTAL';
  readonly path: string;
  readonly limit: number;
  constructor(kind: 'FILE' | 'TOTAL', path: string, limit: number) {
    super(`${path} unzips past the ${kind === 'FILE' ? 'per-file' : 'total'} limit of ${limit} bytes`);
    this.kind = kind;
    this.path = path;
    this.limit = limit;
  }
}

export interface TZipMember {
  /** The name inside the archive, with any folder. */
  path: string;
  uncompressedSize: number;
}

/**
 * Inflated text comes in pieces this large: zlib's default 16 KB made a national feed's stop_times 3,750
 * pieces, each decoded, joined to the unfinished line before it and scanned for quotes apart — a fifth
 * of the read's time.
 */
const INFLATE_CHUNK_BYTES = 256 * 1024;
const STORED = 0;
const DEFLATED = 8;

/** A zip opened for random access: its directory is read, members are streamed one at a time on demand. */
export interface TZipArchive {
  members: TZipMember[];
  open: (member: TZipMember) => Promise<Readable>;
  close: () => void;
}

/**
 * Opens a zip file; throws when the file is not a zip (no end-of-central-directory record).
 * Members stream through a count of the bytes inflation really produces: past
 * either limit the stream fails with ZipSizeLimitError. The sizes the zip
 * declares are only a first check — a zip bomb can lie in them — and a member
 * that inflates to other than its declared size fails as a damaged zip.
 * Members are inflated here, not by yauzl, for larger pieces (INFLATE_CHUNK_BYTES).
 */
export async function openZipArchive(
  filePath: string,
  limits: TZipLimits = DEFAULT_GTFS_ZIP_LIMITS,
): Promise<TZipArchive> {
  const zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, strictFileNames: false });
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      // Folders and macOS resource forks are not feed files.
      if (entry.fileName.endsWith('/') || entry.fileName.startsWith('__MACOSX/')) continue;
      entries.set(entry.fileName, entry);
    }
  } catch (error) {
    zip.close();
    throw error;
  }
  let totalBytes = 0;
  return {
    members: [...entries.values()].map((entry) => ({ path: entry.fileName, uncompressedSize: entry.uncompressedSize })),
    open: async (member) => {
      const entry = entries.get(member.path);
      if (!entry) throw new Error(`${member.path} is not in the archive`);
      if (entry.uncompressedSize > limits.maxFileBytes) {
        throw new ZipSizeLimitError('FILE', member.path, limits.maxFileBytes);
      }
      if (entry.isEncrypted()) throw new Error(`${member.path}: encrypted zip members are unsupported`);
      if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
        throw new Error(`${member.path}: unsupported compression method ${entry.compressionMethod}`);
      }
      const declared = entry.uncompressedSize;
      const damaged = (bytes: string) =>
        new Error(`${member.path}: the zip declares ${declared} bytes, it inflates to ${bytes}`);
      let fileBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          fileBytes += chunk.length;
          totalBytes += chunk.length;
          if (fileBytes > declared) {
            callback(damaged('more'));
          } else if (fileBytes > limits.maxFileBytes) {
            callback(new ZipSizeLimitError('FILE', member.path, limits.maxFileBytes));
          } else if (totalBytes > limits.maxTotalBytes) {
            callback(new ZipSizeLimitError('TOTAL', member.path, limits.maxTotalBytes));
          } else callback(null, chunk);
        },
        flush(callback) {
          callback(fileBytes < declared ? damaged(String(fileBytes)) : null);
        },
      });
      const raw = await zip.openReadStreamPromise(entry, { decodeFileData: false });
      // pipeline: an inflate error reaches the reader, and a reader that stops early stops the inflating.
      if (entry.compressionMethod === STORED) return pipeline(raw, counter, () => {});
      return pipeline(raw, createInflateRaw({ chunkSize: INFLATE_CHUNK_BYTES }), counter, () => {});
    },
    close: () => zip.close(),
  };
}
