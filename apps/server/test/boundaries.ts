import { parseCsv } from '../src/lib/csv.ts';
import { DEMO_FEED_PATH } from '../src/modules/gtfs/demo-feed.ts';
import { openZipArchive } from '../src/modules/gtfs/reader/zip-archive.ts';

export interface TStopPosition {
  name: string;
  latitude: number;
  longitude: number;
}

/** The demo feed's stops (Metro do Porto), read from the feed itself. */
export async function readDemoStops(): Promise<Map<string, TStopPosition>> {
  const archive = await openZipArchive(DEMO_FEED_PATH);
  try {
    const member = archive.members.find((candidate) => candidate.path === 'stops.txt');
    if (!member) throw new Error('the demo feed has no stops.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of await archive.open(member)) chunks.push(chunk as Buffer);
    const rows = parseCsv(Buffer.concat(chunks).toString('utf8'));
    return new Map(
      rows.map((row) => [
        row.stop_id,
        { name: row.stop_name, latitude: Number(row.stop_lat), longitude: Number(row.stop_lon) },
      ]),
    );
  } finally {
    archive.close();
  }
}

export { boundaryFeature, featureCollection } from './boundary-feature.ts';
