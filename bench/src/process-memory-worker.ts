/** The sampling loop of watchTreeMemory (process-memory.ts), in its worker thread. */
import { parentPort, workerData } from 'node:worker_threads';
import { sampleTree, type TTreeMemoryPeak } from './process-memory.ts';

const { rootPid, everyMs } = workerData as { rootPid: number; everyMs: number };
const peakKb = { total: 0, rootRss: 0, descendants: 0 };
let samples = 0;

function sample() {
  const { rootRssKb, rootPssKb, descendantsPssKb } = sampleTree(rootPid);
  peakKb.total = Math.max(peakKb.total, rootPssKb + descendantsPssKb);
  peakKb.rootRss = Math.max(peakKb.rootRss, rootRssKb);
  peakKb.descendants = Math.max(peakKb.descendants, descendantsPssKb);
  samples++;
}

sample();
const timer = setInterval(sample, everyMs);
parentPort?.once('message', () => {
  clearInterval(timer);
  sample();
  const mb = (kb: number) => Math.round(kb / 1024);
  const peak: TTreeMemoryPeak = {
    totalPssMb: mb(peakKb.total),
    rootRssMb: mb(peakKb.rootRss),
    descendantsPssMb: mb(peakKb.descendants),
    samples,
  };
  parentPort?.postMessage(peak);
});
