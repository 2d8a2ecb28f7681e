import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

export interface TZipMember {
  /** The name inside the archive, with any folder. */
  path: string;
  uncompressedSize: number;
}

/** A zip opened for random access: its directory is read, members are streamed one at a time on demand. */
export interface TZipArchive {
  members: TZipMember[];
  open: (member: TZipMember) => Promise<Readable>;
  close: () => void;
}

/** Opens a zip file; throws when the file is not a zip (no end-of-central-directory record). */
export async function openZipArchive(filePath: string): Promise<TZipArchive> {
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
  return {
    members: [...entries.values()].map((entry) => ({ path: entry.fileName, uncompressedSize: entry.uncompressedSize })),
    open: (member) => {
      const entry = entries.get(member.path);
      if (!entry) throw new Error(`${member.path} is not in the archive`);
      return zip.openReadStreamPromise(entry);
    },
    close: () => zip.close(),
  };
}
