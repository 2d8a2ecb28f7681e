import { writeFileSync } from 'node:fs';
import { DEMO_FEED_PATH } from '@mip/server/src/modules/gtfs/demo-feed.ts';
import { openZipArchive } from '@mip/server/src/modules/gtfs/reader/zip-archive.ts';
import { writeZip } from '@mip/server/test/zip-writer.ts';

/** Every member of a zip as text. */
export async function readMembers(zipPath: string): Promise<Map<string, string>> {
  const archive = await openZipArchive(zipPath);
  const files = new Map<string, string>();
  try {
    for (const member of archive.members) {
      const chunks: Buffer[] = [];
      for await (const chunk of await archive.open(member)) chunks.push(chunk as Buffer);
      files.set(
        member.path,
        Buffer.concat(chunks)
          .toString('utf8')
          .replace(/^\uFEFF/, ''),
      );
    }
  } finally {
    archive.close();
  }
  return files;
}

/** Rewrites the given columns of a CSV file, every copy under its own suffix; the header stays once. */
function replicate(
  text: string,
  copies: number,
  columns: string[],
  rewrite: (column: string, value: string, copy: number) => string = (_, value, copy) => `${value}_${copy}`,
): string {
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  const header = lines[0].split(',');
  const positions = columns.map((name) => header.indexOf(name)).filter((i) => i >= 0);
  const out = [lines[0]];
  for (let copy = 0; copy < copies; copy++) {
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      for (const i of positions) if (cells[i] !== '') cells[i] = rewrite(header[i], cells[i], copy);
      out.push(cells.join(','));
    }
  }
  return `${out.join('\n')}\n`;
}

/**
 * A large feed made of Metro do Porto replicated `copies` times under new
 * ids (stops, routes, trips, shapes), each copy a little further north, with
 * the real calendars: a network of the same shape, copies times as big.
 */
export async function writeReplicatedMetroFeed(zipPath: string, copies: number): Promise<{ stopTimes: number }> {
  const files = await readMembers(DEMO_FEED_PATH);
  const get = (name: string) => files.get(name) ?? '';
  const shiftStop = (column: string, value: string, copy: number) =>
    column === 'stop_lat' ? (Number(value) + copy * 0.05).toFixed(6) : `${value}_${copy}`;
  const shiftShape = (column: string, value: string, copy: number) =>
    column === 'shape_pt_lat' ? (Number(value) + copy * 0.05).toFixed(6) : `${value}_${copy}`;
  const stopTimes = replicate(get('stop_times.txt'), copies, ['trip_id', 'stop_id']);
  const feed = {
    'agency.txt': get('agency.txt'),
    'calendar.txt': get('calendar.txt'),
    'calendar_dates.txt': get('calendar_dates.txt'),
    'stops.txt': replicate(get('stops.txt'), copies, ['stop_id', 'stop_lat'], shiftStop),
    'routes.txt': replicate(get('routes.txt'), copies, ['route_id', 'route_short_name']),
    'trips.txt': replicate(get('trips.txt'), copies, ['route_id', 'trip_id', 'shape_id']),
    'shapes.txt': replicate(get('shapes.txt'), copies, ['shape_id', 'shape_pt_lat'], shiftShape),
    'stop_times.txt': stopTimes,
  };
  writeFileSync(
    zipPath,
    writeZip(Object.entries(feed).map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') }))),
  );
  return { stopTimes: stopTimes.split('\n').length - 2 };
}
