import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** A built web app as vite leaves it: fingerprinted assets with their .br and .gz beside them. */
export function builtWebApp(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'mip-web-'));
  mkdirSync(path.join(root, 'assets'));
  const files = {
    'index.html': '<!doctype html><html><body><!--app-shell--><div id="root"></div></body></html>'.repeat(40),
    'assets/index-abc123.js': 'console.log("map home");\n'.repeat(200),
  };
  for (const [name, text] of Object.entries(files)) {
    const bytes = Buffer.from(text);
    writeFileSync(path.join(root, name), bytes);
    writeFileSync(path.join(root, `${name}.br`), brotliCompressSync(bytes));
    writeFileSync(path.join(root, `${name}.gz`), gzipSync(bytes));
  }
  return root;
}
