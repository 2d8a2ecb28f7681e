import type { TBoundaryImportResult, TBoundarySummary, TPlaceResult } from '@mip/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { boundaryFeature, featureCollection, readDemoStops, type TStopPosition } from '../../../test/boundaries.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { multipartBody } from '../../../test/files.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

let administrator: string;
let stops: Map<string, TStopPosition>;
const stationsOf = (...ids: string[]) => ids.map((id) => stops.get(id) as TStopPosition);

beforeAll(async () => {
  administrator = (await signInNewUser(t, { permissions: ['WRITE_CONFIGURATION'] })).authorization;
  stops = await readDemoStops();
});

beforeEach(async () => {
  await t.db.$client.query('delete from place_areas');
});

function upload(body: string, authorization: string | null = administrator) {
  const { payload, contentType } = multipartBody({}, [
    { filename: 'freguesias.geojson', contentType: 'application/geo+json', bytes: Buffer.from(body) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/address/boundaries',
    payload,
    headers: { 'content-type': contentType, ...(authorization ? { authorization } : {}) },
  });
}

/** Two parishes of Porto as CAOP 2024 writes them (dtmnfr), around the stations that lie in each. */
const portoParishes = () => [
  boundaryFeature(
    { dtmnfr: '131203', freguesia: 'Campanhã', municipio: 'Porto' },
    stationsOf('5703', '5707', '5708'), // Campanhã, Contumil, Estádio do Dragão
  ),
  boundaryFeature(
    { dtmnfr: '131202', freguesia: 'Bonfim', municipio: 'Porto' },
    stationsOf('5712', '5697'), // Heroísmo, 24 de Agosto
  ),
];

const searchPlaces = async (q: string) => {
  const response = await t.app.inject({ url: '/api/map/places', query: { q } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TPlaceResult[];
};

describe('POST /api/address/boundaries', () => {
  it('needs a session, and WRITE_CONFIGURATION', async () => {
    const body = featureCollection(portoParishes());
    expectError(await upload(body, null), 401, 'UNAUTHORIZED');
    const reader = (await signInNewUser(t, { permissions: ['READ_ENTITY'] })).authorization;
    expectError(await upload(body, reader), 403, 'FORBIDDEN');
  });

  it('places the parishes of an official boundary file, and their county and district with them', async () => {
    const response = await upload(featureCollection(portoParishes()));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TBoundaryImportResult>()).toEqual({
      features: 2,
      parishes: 2,
      counties: 1,
      districts: 1,
      unmatched: 0,
      unmatchedSample: [],
    });

    const [campanha] = await searchPlaces('Campanhã');
    const stations = stationsOf('5703', '5707', '5708');
    expect(campanha).toEqual({
      kind: 'PARISH',
      id: '131203',
      name: 'Campanhã',
      context: 'Porto, Porto',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      boundingBox: {
        minLatitude: Math.min(...stations.map((stop) => stop.latitude)),
        maxLatitude: Math.max(...stations.map((stop) => stop.latitude)),
        minLongitude: Math.min(...stations.map((stop) => stop.longitude)),
        maxLongitude: Math.max(...stations.map((stop) => stop.longitude)),
      },
    });
    // The county's box holds both parishes.
    const porto = (await searchPlaces('porto')).find((place) => place.kind === 'COUNTY');
    expect(porto?.boundingBox?.minLongitude).toBeLessThanOrEqual(campanha.boundingBox?.minLongitude as number);
    expect(porto?.boundingBox?.maxLatitude).toBeGreaterThanOrEqual(campanha.boundingBox?.maxLatitude as number);

    const summary = await t.app.inject({ url: '/api/address/boundaries', headers: { authorization: administrator } });
    expect(summary.json<TBoundarySummary>()).toMatchObject({
      parishes: { withArea: 2, total: 3092 },
      counties: { withArea: 1, total: 308 },
      districts: { withArea: 1, total: 20 },
      importedAt: expect.any(String),
    });
    const [audit] = await findAuditRows(t.db, 'UPDATE', 'place_boundaries');
    expect(audit).toBeDefined();
  });

  it('reads codes written as numbers (the leading zero lost) and the older DICOFRE layout', async () => {
    const response = await upload(
      featureCollection([
        // Aguada de Cima (Águeda): 010103, written as the number 10103.
        boundaryFeature({ DICOFRE: 10103, Freguesia: 'Aguada de Cima' }, stationsOf('5703')),
        boundaryFeature({ DICOFRE: '131203' }, stationsOf('5703', '5708')),
        boundaryFeature({ DICOFRE: '999999', Freguesia: 'Nova freguesia' }, stationsOf('5708')),
      ]),
    );
    expect(response.json<TBoundaryImportResult>()).toMatchObject({
      parishes: 2,
      unmatched: 1,
      unmatchedSample: ['999999 Nova freguesia'],
    });
    expect((await searchPlaces('aguada de cima')).map((place) => place.id)).toEqual(['010103']);
  });

  it('refuses a file in metres (PT-TM06) and keeps the areas already imported', async () => {
    await upload(featureCollection(portoParishes()));
    const projected = {
      type: 'Feature',
      properties: { dtmnfr: '131210' },
      geometry: { type: 'Point', coordinates: [-41_000.5, 167_000.25] },
    };
    expectFieldError(await upload(featureCollection([projected])), 'file', 'COORDINATES_NOT_WGS84');
    expectFieldError(
      await upload('{"type": "FeatureCollection", "features": [{"type": '),
      'file',
      'INVALID_BOUNDARY_FILE',
    );
    expectFieldError(
      await upload(featureCollection([boundaryFeature({ area_m2: 1312 }, stationsOf('5703'))])),
      'file',
      'NO_PLACES_MATCHED',
    );
    expect((await searchPlaces('campanha')).map((place) => place.name)).toEqual(['Campanhã']);
  });
});

describe('GET /api/map/places', () => {
  it('finds a parish by name without accents or case, and offers only places with an area', async () => {
    await upload(featureCollection(portoParishes()));
    expect((await searchPlaces('CAMPANHA')).map((place) => [place.kind, place.name])).toEqual([['PARISH', 'Campanhã']]);
    // Paranhos is a parish of Porto too, but no file placed it.
    expect(await searchPlaces('Paranhos')).toEqual([]);
    // Exact names first: the county and district Porto before the parishes of Porto.
    const kinds = (await searchPlaces('Porto')).map((place) => place.kind);
    expect(kinds.slice(0, 2)).toEqual(['COUNTY', 'DISTRICT']);
  });

  it('answers a text too short or too long with the field error', async () => {
    expectError(await t.app.inject({ url: '/api/map/places', query: { q: 'a' } }), 400, 'FORM_ERROR');
    expectError(await t.app.inject({ url: '/api/map/places', query: { q: 'x'.repeat(101) } }), 400, 'FORM_ERROR');
  });
});
