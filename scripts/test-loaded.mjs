// `npm run test:loaded`: `npm test` while other processes keep every core busy, as on a shared CI machine.
// The suite must pass like this too: a test that only passes on an idle machine waits for time, not for what
// a person waits for. Extra arguments go to `npm test`'s script.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const cores = availableParallelism();
// Plain busy loops in processes of their own, at the default priority: they compete for every core as
// another tenant's build would, for as long as the tests run.
const hogs = Array.from({ length: cores }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
console.log(`Keeping ${cores} cores busy with ${hogs.length} processes while the tests run.`);
const stopHogs = () => {
  for (const hog of hogs) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

const tests = spawn(process.execPath, [path.join(import.meta.dirname, 'test.mjs'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
tests.on('exit', (code, signal) => {
  stopHogs();
  process.exit(code ?? (signal ? 1 : 0));
});
