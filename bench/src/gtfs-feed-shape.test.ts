import { beforeAll, describe, expect, it } from 'vitest';
import { checkFeedShape } from './gtfs-feed-shape.ts';
import { buildNationalFeed } from './gtfs-feeds.ts';
import { HUB_PASSINGS_GOAL, LONG_ROUTE_STOPS, ROUTE_TRIPS_GOAL } from './gtfs-synthetic-networks.ts';

const lines = (text: string) => text.split('\r\n').filter((line) => line !== '');
const withFile = (feed: Map<string, string>, file: string, text: string) => new Map([...feed, [file, text]]);

describe("the GTFS bench's national feed", () => {
  let feed: Map<string, string>;
  beforeAll(async () => {
    // The smallest build: Metro do Porto and the generated networks' core (hub, trunk, regional lines).
    feed = await buildNationalFeed(1);
  }, 60_000);

  it('has the shapes real feeds have, from thousands of stops to routes of 60+ stops', () => {
    const shape = checkFeedShape(feed);
    expect(shape.stops).toBeGreaterThanOrEqual(2_000);
    expect(shape.longestTrip).toBeGreaterThanOrEqual(LONG_ROUTE_STOPS);
    expect(shape.stopTimes).toBe(lines(feed.get('stop_times.txt') ?? '').length - 1);
  });

  it("keeps Metro do Porto's rows as published, its fare rules' byte order mark included", () => {
    expect(lines(feed.get('stop_times.txt') ?? '').slice(0, 2)).toEqual([
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence,stop_headsign,pickup_type,drop_off_type,shape_dist_traveled',
      'BU0,6:01:00,6:01:00,5708,0,,,,',
    ]);
    expect(feed.get('fare_rules.txt')?.startsWith('\uFEFFfare_id,')).toBe(true);
  });

  it('has a hub of 3,000+ passings and a route of 500+ trips on a weekday', () => {
    // Only the generated weekday service (its trip ids say _UTE_) runs at the hub and on the trunk route.
    const hubPassings = lines(feed.get('stop_times.txt') ?? '').filter(
      (line) => line.includes('_UTE_') && line.includes(',LX25_25,'),
    ).length;
    const trunkTrips = lines(feed.get('trips.txt') ?? '').filter((line) => line.startsWith('LX101,RN_UTEIS,')).length;
    expect(hubPassings).toBeGreaterThanOrEqual(HUB_PASSINGS_GOAL);
    expect(trunkTrips).toBeGreaterThanOrEqual(ROUTE_TRIPS_GOAL);
  });

  it('builds the same rows every time', async () => {
    const again = await buildNationalFeed(1);
    expect(again.get('stop_times.txt')).toBe(feed.get('stop_times.txt'));
  }, 60_000);

  it('refuses a feed with a line ended by LF alone', () => {
    const stops = feed.get('stops.txt') ?? '';
    expect(() => checkFeedShape(withFile(feed, 'stops.txt', stops.replace('\r\n', '\n')))).toThrow(
      'stops.txt has a line not ended by CRLF',
    );
  });

  it('refuses a feed whose hours are all padded, or that never passes 24:00', () => {
    const stopTimes = feed.get('stop_times.txt') ?? '';
    const padded = stopTimes.replace(/,("?)(\d):/g, ',$10$2:');
    expect(() => checkFeedShape(withFile(feed, 'stop_times.txt', padded))).toThrow('no unpadded hour');
    const beforeMidnight = stopTimes.replace(/,("?)(2[4-9]):/g, ',$123:');
    expect(() => checkFeedShape(withFile(feed, 'stop_times.txt', beforeMidnight))).toThrow('no time past 24:00');
  });
});
