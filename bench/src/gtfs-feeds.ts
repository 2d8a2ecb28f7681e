import { writeFileSync } from 'node:fs';
import { DEMO_FEED_PATH } from '@mip/server/src/modules/gtfs/demo-feed.ts';
import { openZipArchive } from '@mip/server/src/modules/gtfs/reader/zip-archive.ts';
import { writeZip } from '@mip/server/test/zip-writer.ts';
import { checkFeedShape, type TFeedShape } from './gtfs-feed-shape.ts';
import { generateNetworks, type TGeneratedTables } from './gtfs-synthetic-networks.ts';

/** Every member of a zip as text, as it is (a byte order mark stays). */
export async function readMembers(zipPath: string): Promise<Map<string, string>> {
  const archive = await openZipArchive(zipPath);
  const files = new Map<string, string>();
  try {
    for (const member of archive.members) {
      const chunks: Buffer[] = [];
      for await (const chunk of await archive.open(member)) chunks.push(chunk as Buffer);
      files.set(member.path, Buffer.concat(chunks).toString('utf8'));
    }
  } finally {
    archive.close();
  }
  return files;
}

const linesOf = (text: string) => text.split(/\r?\n/).filter((line) => line !== '');

/** The size of the national feed: `BENCH_GTFS_STOP_TIMES` for a quicker run, else a little over a million. */
export function nationalFeedSize(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.BENCH_GTFS_STOP_TIMES);
  return Number.isInteger(asked) && asked > 0 ? asked : 1_050_000;
}

/**
 * A national-scale feed, file by file: Metro do Porto's real feed, every row
 * as published (fares, transfers, the BOM of fare_rules.txt and all), and
 * after its rows the generated networks' (gtfs-synthetic-networks.ts), up to
 * about `stopTimes` stop_times in all. Every file ends its lines with CRLF,
 * as many exporters on Windows write them.
 */
export async function buildNationalFeed(stopTimes: number, seed = 20_250_414): Promise<Map<string, string>> {
  const metro = await readMembers(DEMO_FEED_PATH);
  const metroStopTimes = linesOf(metro.get('stop_times.txt') ?? '').length - 1;
  const headerOf = (file: string) => (linesOf(metro.get(file) ?? '')[0] ?? '').replace(/^\uFEFF/, '').split(',');
  const files: (keyof TGeneratedTables)[] = [
    'calendar.txt',
    'calendar_dates.txt',
    'stops.txt',
    'routes.txt',
    'trips.txt',
    'shapes.txt',
    'stop_times.txt',
  ];
  const generated = generateNetworks(
    stopTimes - metroStopTimes,
    Object.fromEntries(files.map((file) => [file, headerOf(file)])),
    seed,
  );
  const feed = new Map<string, string>();
  for (const [file, text] of metro) {
    const lines = [...linesOf(text), ...(generated[file as keyof TGeneratedTables]?.lines ?? [])];
    feed.set(file, `${lines.join('\r\n')}\r\n`);
  }
  return feed;
}

/**
 * Writes the national feed as a zip. Throws unless it has the shape the
 * bench states (see checkFeedShape); answers that shape and the bytes of
 * stop_times.txt, for the bare COPY to load the very same.
 */
export async function writeNationalFeed(
  zipPath: string,
  stopTimes: number,
): Promise<{ shape: TFeedShape; stopTimesCsv: Buffer }> {
  const feed = await buildNationalFeed(stopTimes);
  const shape = checkFeedShape(feed);
  const data = new Map([...feed].map(([name, text]) => [name, Buffer.from(text, 'utf8')]));
  writeFileSync(zipPath, writeZip([...data].map(([name, bytes]) => ({ name, data: bytes }))));
  return { shape, stopTimesCsv: data.get('stop_times.txt') ?? Buffer.alloc(0) };
}
