/**
 * node-gtfs (npm `gtfs`) importing a feed into SQLite, run in a process of its
 * own so its console output and memory stay out of the bench's. Prints
 * {"ms": …} on stdout: the time from the call to the end of the import.
 */
import { importGtfs } from 'gtfs';

const [zipPath, sqlitePath] = process.argv.slice(2);
const startedAt = performance.now();
await importGtfs({ agencies: [{ path: zipPath }], sqlitePath, logLevel: 'error', logFunction: () => {} });
const ms = Math.round(performance.now() - startedAt);
process.stdout.write(`${JSON.stringify({ ms })}\n`);
process.exit(0);
