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

/**
 * A boundary feature as the official map (CAOP) lays it out, for tests: no
 * real boundary ships with the product, so its polygon is the box around real
 * stations that lie in that parish.
 */
export function boundaryFeature(properties: Record<string, unknown>, stops: TStopPosition[]) {
  const longitudes = stops.map((stop) => stop.longitude);
  const latitudes = stops.map((stop) => stop.latitude);
  const [west, east] = [Math.min(...longitudes), Math.max(...longitudes)];
  const [south, north] = [Math.min(...latitudes), Math.max(...latitudes)];
  return {
    type: 'Feature',
    properties,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [east, south],
          [east, north],
          [west, north],
          [west, south],
        ],
      ],
    },
  };
}

export const featureCollection = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
