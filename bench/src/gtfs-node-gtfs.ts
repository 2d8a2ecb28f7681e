/**
 * node-gtfs (npm `gtfs`) importing a feed into SQLite, run in a process of its
 * own so its console output and memory stay out of the bench's. Prints
 * {"ms": …, "maxRssMb": …} on stdout: the time from the call to the end of
 * the import, and the process's peak resident memory (all of node-gtfs is
 * this one process: SQLite runs inside it).
 */
import { importGtfs } from 'gtfs';

const [zipPath, sqlitePath] = process.argv.slice(2);
const startedAt = performance.now();
await importGtfs({ agencies: [{ path: zipPath }], sqlitePath, logLevel: 'error', logFunction: () => {} });
const ms = Math.round(performance.now() - startedAt);
// maxRSS is in kilobytes.
const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
process.stdout.write(`${JSON.stringify({ ms, maxRssMb })}\n`);
process.exit(0);
