import { mkdtempSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';
import { firstFolderClosedToOthers } from './folder-access.ts';

const isRoot = process.getuid?.() === 0;
const made: string[] = [];

/** A folder only its owner may enter, as `mktemp -d` makes them. */
function privateFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'mip-private-'));
  made.push(folder);
  return folder;
}

afterEach(async () => {
  for (const folder of made.splice(0)) {
    await fs.chmod(folder, 0o755).catch(() => {});
    rmSync(folder, { recursive: true, force: true });
  }
});

describe('where the embedded PostgreSQL may keep its files', () => {
  it('names the first folder on the way that others may not enter', async () => {
    const outer = privateFolder();
    await fs.chmod(outer, 0o700);
    const inner = path.join(outer, 'clone', 'data');
    await fs.mkdir(inner, { recursive: true });
    expect(await firstFolderClosedToOthers(inner)).toBe(outer);
    await fs.chmod(outer, 0o711);
    expect(await firstFolderClosedToOthers(inner)).toBeNull();
  });

  it.runIf(isRoot)(
    'as root, a data folder inside a private one is refused with what to do, not an initdb failure',
    async () => {
      const outer = privateFolder();
      await fs.chmod(outer, 0o700);
      const dataDir = path.join(outer, 'clone', 'data');
      await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(
        new RegExp(`cannot enter ${outer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*chmod o\\+x`),
      );
    },
  );
});
