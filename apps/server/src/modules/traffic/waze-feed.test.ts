import { describe, expect, it } from 'vitest';
import { type FeedError, parseWazeFeed, toJamRow } from './waze-feed.ts';

const jam = (overrides: Record<string, unknown> = {}) => ({
  uuid: 411005085,
  street: ' Fayette St ',
  city: 'Perth Amboy, NJ',
  level: 3,
  line: [
    { x: -74.277641, y: 40.513274 },
    { x: -74.269278, y: 40.510949 },
  ],
  speedKMH: 12.65,
  speed: 3.513888888888889,
  length: 755,
  delay: 128,
  roadType: 2,
  pubMillis: 1553290846053,
  ...overrides,
});

describe('toJamRow', () => {
  it('keeps the fields the map shows, the line as GeoJSON and its bounding box', () => {
    expect(toJamRow(jam())).toEqual({
      uuid: 411005085,
      street: 'Fayette St',
      city: 'Perth Amboy, NJ',
      speed: 3.513888888888889,
      speedKmh: 12.65,
      length: 755,
      delay: 128,
      level: 3,
      line: {
        type: 'LineString',
        coordinates: [
          [-74.277641, 40.513274],
          [-74.269278, 40.510949],
        ],
      },
      roadType: 2,
      pubMillis: 1553290846053,
      minLatitude: 40.510949,
      maxLatitude: 40.513274,
      minLongitude: -74.277641,
      maxLongitude: -74.269278,
    });
  });

  it('takes what a feed may leave out or write differently', () => {
    expect(toJamRow(jam({ street: undefined, city: '' }))).toMatchObject({ street: null, city: null });
    expect(toJamRow(jam({ uuid: '419461676' }))?.uuid).toBe(419461676);
    expect(toJamRow(jam({ speed: undefined, speedKMH: 36 }))?.speed).toBe(10);
    expect(toJamRow(jam({ speedKMH: undefined, speed: 10 }))?.speedKmh).toBe(36);
    expect(toJamRow(jam({ delay: -1, level: 5, speedKMH: 0, speed: 0 }))).toMatchObject({ delay: -1, level: 5 });
    // A jam from 2009 is still a jam; a nonsense time is just dropped.
    expect(toJamRow(jam({ pubMillis: 1239000000000 }))?.pubMillis).toBe(1239000000000);
    expect(toJamRow(jam({ pubMillis: 1.5 }))?.pubMillis).toBeNull();
    expect(toJamRow(jam({ roadType: 'street' }))?.roadType).toBeNull();
  });

  it('refuses a jam the map cannot draw or place', () => {
    for (const broken of [
      jam({ line: [{ x: -74, y: 40 }] }),
      jam({
        line: [
          { x: -74, y: 40 },
          { x: 'a', y: 40 },
        ],
      }),
      jam({
        line: [
          { x: -74, y: 40 },
          { x: -74, y: 95 },
        ],
      }),
      jam({ line: 'LINESTRING(0 0, 1 1)' }),
      jam({ level: 6 }),
      jam({ level: 2.5 }),
      jam({ uuid: undefined }),
      jam({ uuid: 1.5 }),
      jam({ length: -3 }),
      jam({ length: 1e12 }),
      jam({ delay: -2 }),
      jam({ speed: undefined, speedKMH: undefined }),
      'jam',
      null,
    ]) {
      expect(toJamRow(broken)).toBeNull();
    }
  });
});

describe('parseWazeFeed', () => {
  it('reads the jams, counts the skipped ones and the other lists, and the feed time', () => {
    const feed = parseWazeFeed(
      JSON.stringify({
        endTimeMillis: 1553290740000,
        alerts: [{}, {}],
        irregularities: [{}],
        jams: [jam(), jam({ level: 9 })],
      }),
    );
    expect(feed.jams).toHaveLength(1);
    expect(feed).toMatchObject({ skipped: 1, alertCount: 2, irregularityCount: 1 });
    expect(feed.feedTime?.toISOString()).toBe('2019-03-22T21:39:00.000Z');
  });

  it('names what is wrong with a document that is not a usable feed', () => {
    const codeOf = (text: string) => {
      try {
        parseWazeFeed(text);
        return null;
      } catch (error) {
        return (error as FeedError).code;
      }
    };
    expect(codeOf('<html>')).toBe('FEED_INVALID_JSON');
    expect(codeOf('[1, 2]')).toBe('FEED_INVALID');
    expect(codeOf('{"data": []}')).toBe('FEED_INVALID');
    expect(codeOf('{"jams": {}}')).toBe('FEED_INVALID');
    expect(codeOf(JSON.stringify({ jams: Array.from({ length: 50_001 }, () => ({})) }))).toBe('FEED_TOO_LARGE');
    expect(codeOf('{"startTimeMillis": 1}')).toBeNull();
  });
});
