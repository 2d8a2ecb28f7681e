// `npm run dev`: the API with a file watcher and Vite's dev server with hot reload.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, PROJECT_NODE, ROOT, SERVER_NODE_FLAGS, withProjectPath } from './lib.mjs';

ensureInstalled();
const env = withProjectPath({ ...process.env, PORT: process.env.PORT ?? '3000' });
const children = [
  spawn(
    PROJECT_NODE,
    [
      ...SERVER_NODE_FLAGS,
      '--watch-path=apps/server/src',
      '--watch-path=packages/shared/src',
      'apps/server/src/main.ts',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env,
    },
  ),
  spawn(PROJECT_NODE, [path.join(ROOT, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: 'inherit',
    env,
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
