import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TPlaceResult } from '@mip/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boundaryFeature, featureCollection, readDemoStops } from '../../../test/boundaries.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { multipartBody } from '../../../test/files.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { GEOCODER_SEARCH_URL } from './place-search.ts';

const t = useTestApp();

/** A Nominatim answer for "Rua de Santa Catarina", as its jsonv2 format writes one (strings for numbers). */
const SANTA_CATARINA = [
  {
    place_id: 123,
    osm_type: 'way',
    osm_id: 456,
    lat: '41.1493',
    lon: '-8.6061',
    name: 'Rua de Santa Catarina',
    display_name: 'Rua de Santa Catarina, Bonfim, Porto, 4000-447, Portugal',
    boundingbox: ['41.1459', '41.1544', '-8.6068', '-8.6049'],
  },
];

/** A local HTTP server standing in for the geocoder: it records what it was asked and answers as told. */
let server: Server;
let asked: URL[] = [];
let headers: Record<string, string | string[] | undefined>[] = [];
let answer: { status: number; body: string } = { status: 200, body: JSON.stringify(SANTA_CATARINA) };
let geocoderUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(new URL(request.url ?? '/', 'http://geocoder'));
    headers.push(request.headers);
    response.statusCode = answer.status;
    response.setHeader('content-type', 'application/json');
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  geocoderUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search?key=segredo`;

  const administrator = (await signInNewUser(t, { permissions: ['WRITE_CONFIGURATION'] })).authorization;
  const stops = await readDemoStops();
  const { payload, contentType } = multipartBody({}, [
    {
      filename: 'freguesias.geojson',
      bytes: Buffer.from(
        featureCollection([boundaryFeature({ dtmnfr: '131202' }, [stops.get('5712'), stops.get('5697')] as never)]),
      ),
    },
  ]);
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/address/boundaries',
    payload,
    headers: { 'content-type': contentType, authorization: administrator },
  });
  expect(imported.statusCode, imported.body).toBe(200);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  asked = [];
  headers = [];
  answer = { status: 200, body: JSON.stringify(SANTA_CATARINA) };
});

async function setGeocoder(url: string) {
  await t.db.$client.query(
    `insert into configuration (name, value) values ($1, $2) on conflict (name) do update set value = excluded.value`,
    [GEOCODER_SEARCH_URL, JSON.stringify(url)],
  );
}

const search = async (q: string) => {
  const response = await t.app.inject({
    url: '/api/map/places',
    query: { q },
    headers: { 'accept-language': 'pt-PT,pt;q=0.9' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TPlaceResult[];
};

describe('place search with a geocoder', () => {
  it('asks no geocoder until an administrator configures one', async () => {
    await setGeocoder('');
    expect((await search('Bonfim')).map((place) => place.kind)).toEqual(['PARISH']);
    expect(asked).toHaveLength(0);
  });

  it("adds the geocoder's streets after the reference places, asked in the visitor's language and country", async () => {
    await setGeocoder(geocoderUrl);
    const places = await search('Santa Catarina');
    expect(places).toEqual([
      {
        kind: 'ADDRESS',
        id: 'way/456',
        name: 'Rua de Santa Catarina',
        context: 'Bonfim, Porto, 4000-447, Portugal',
        latitude: 41.1493,
        longitude: -8.6061,
        boundingBox: { minLatitude: 41.1459, maxLatitude: 41.1544, minLongitude: -8.6068, maxLongitude: -8.6049 },
      },
    ]);
    const [url] = asked;
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      key: 'segredo',
      q: 'Santa Catarina',
      format: 'jsonv2',
      'accept-language': 'pt-PT',
      countrycodes: 'pt',
    });
    expect(headers[0]['user-agent']).toMatch(/mobility-incident-platform/);

    // The reference parish comes first when both match.
    expect((await search('Bonfim')).map((place) => place.kind)).toEqual(['PARISH', 'ADDRESS']);
  });

  it('asks the geocoder once for a text however often visitors search it', async () => {
    await setGeocoder(geocoderUrl);
    await Promise.all([search('Rua Formosa'), search('Rua Formosa'), search('rua formosa')]);
    expect(asked).toHaveLength(1);
  });

  it('still answers the reference places when the geocoder fails or answers too much', async () => {
    await setGeocoder(geocoderUrl);
    answer = { status: 503, body: 'down' };
    expect((await search('Bonfim do Porto')).map((place) => place.kind)).toEqual([]);
    answer = { status: 200, body: JSON.stringify(Array.from({ length: 5000 }, () => SANTA_CATARINA[0])) };
    expect(await search('Bonfim Porto')).toEqual([]);
    answer = { status: 200, body: '<html>not json</html>' };
    expect((await search('Bonfi')).map((place) => place.name)).toEqual(['Bonfim']);
  });
});
