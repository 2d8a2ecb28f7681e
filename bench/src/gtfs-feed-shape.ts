import { LONG_ROUTE_STOPS } from './gtfs-synthetic-networks.ts';

/** What the bench states about the feed its GTFS figures are measured on, read back from the files' text. */
export interface TFeedShape {
  stopTimes: number;
  stops: number;
  /** The most stops one trip calls at. */
  longestTrip: number;
}

/** "Thousands of stops". */
const MIN_STOPS = 2_000;

const dataLines = (text: string) => {
  const lines = text.split('\r\n');
  return lines.slice(1, lines.at(-1) === '' ? -1 : undefined);
};

/** The first field of a CSV line, unquoted (ids never hold a quote or a comma here). */
const firstField = (line: string) => {
  const field = line.slice(0, line.indexOf(','));
  return field.startsWith('"') ? field.slice(1, -1) : field;
};

function longestTrip(stopTimes: string[]): number {
  let longest = 0;
  let run = 0;
  let trip = '';
  for (const line of stopTimes) {
    const id = firstField(line);
    run = id === trip ? run + 1 : 1;
    trip = id;
    longest = Math.max(longest, run);
  }
  return longest;
}

/**
 * Checks the feed's files have the shapes of real feeds the bench claims
 * (CRLF, quoted fields with commas, unpadded hours, times past 24:00,
 * thousands of stops, routes of 60+ stops) and throws naming what is
 * missing, so no figure is ever reported on a feed of another shape. The
 * busiest stop and route are checked on the imported feed (gtfs-timetables.ts).
 */
export function checkFeedShape(files: Map<string, string>): TFeedShape {
  const text = (file: string) => files.get(file) ?? '';
  const stopTimeLines = dataLines(text('stop_times.txt'));
  const shape: TFeedShape = {
    stopTimes: stopTimeLines.length,
    stops: dataLines(text('stops.txt')).length,
    longestTrip: longestTrip(stopTimeLines),
  };
  const times = text('stop_times.txt');
  const missing = [
    ...[...files]
      .filter(([, content]) => /(^|[^\r])\n/.test(content))
      .map(([file]) => `${file} has a line not ended by CRLF`),
    ...(/"[^"\r\n]*,[^"\r\n]*"/.test(text('stops.txt')) ? [] : ['no quoted stop name with a comma']),
    ...(/^"[^"]*","[^"]*","/m.test(times) ? [] : ['no stop_times row with every field quoted']),
    ...(/^[^,\r\n]*,"?\d:\d\d:\d\d/m.test(times) ? [] : ['no unpadded hour (H:MM:SS)']),
    ...(/^[^,\r\n]*,"?0\d:\d\d:\d\d/m.test(times) ? [] : ['no padded hour (0H:MM:SS)']),
    ...(/^[^,\r\n]*,"?(2[4-9]|[3-9]\d):\d\d:\d\d/m.test(times) ? [] : ['no time past 24:00']),
    ...(shape.stops >= MIN_STOPS ? [] : [`${shape.stops} stops, fewer than ${MIN_STOPS}`]),
    ...(shape.longestTrip >= LONG_ROUTE_STOPS ? [] : [`no trip of ${LONG_ROUTE_STOPS}+ stops`]),
  ];
  if (missing.length > 0) throw new Error(`the bench's GTFS feed is not of the stated shape: ${missing.join('; ')}`);
  return shape;
}
