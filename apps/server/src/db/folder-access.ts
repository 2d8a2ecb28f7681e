import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The first folder from the root down to `folder` that users other than its
 * owner may not enter (no "x" for others), or null when every one is open.
 * Run as root, the embedded PostgreSQL is the 'postgres' user: a clone inside
 * a private folder (`mktemp -d` makes them 0700) leaves it unable to reach
 * its own data directory. The folders not made yet are skipped.
 */
export async function firstFolderClosedToOthers(folder: string): Promise<string | null> {
  const absolute = path.resolve(folder);
  const { root } = path.parse(absolute);
  const parts = absolute.slice(root.length).split(path.sep).filter(Boolean);
  let current = root;
  for (const part of ['', ...parts]) {
    current = part ? path.join(current, part) : current;
    const stats = await fs.stat(current).catch(() => null);
    if (!stats) return null;
    if ((stats.mode & 0o001) === 0) return current;
  }
  return null;
}
