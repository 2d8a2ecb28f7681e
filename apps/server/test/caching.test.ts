import { PERMISSIONS } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { createApplication, createUser, openTestSession } from './factories.ts';
import { plausiblePath, routeLabel } from './route-inputs.ts';
import { useTestApp } from './test-app.ts';

const t = useTestApp();

/** Answers that are the same for everyone and change rarely; everything else is personal or live. */
const MAY_BE_CACHED = new Set([
  'GET /api/configuration/public/appicon',
  'GET /api/public-transport/schedule',
  // Polled by every visitor of the map: ETag plus a short max-age.
  'GET /api/waze/traffic/',
  'GET /api/map/',
  'GET /api/events/public',
  'GET /api/events/public/:id',
  'GET /api/sprites/sprite.json',
  'GET /api/sprites/sprite.png',
  'GET /api/sprites/sprite@2x.json',
  'GET /api/sprites/sprite@2x.png',
  // The offline base map (same for everyone, changes with a release), group icons and public photos.
  'GET /api/configuration/public/map-style',
  'GET /api/applications/:appId/map-style',
  'GET /api/mobility-system-groups/:id/icon',
  // Vector tiles of the groups drawn on the map and their TileJSON: ETag plus the map's short max-age.
  'GET /api/mobility-system-groups/:id/tiles.json',
  'GET /api/mobility-system-groups/:id/tiles/:z/:x/:y.pbf',
  'GET /api/documents/public/:id/contents',
  // Open311 GeoReport v2: public services and service requests (no personal data), ETag plus a short max-age.
  'GET /api/open311/v2/services.json',
  'GET /api/open311/v2/services/:code.json',
  'GET /api/open311/v2/requests.json',
  'GET /api/open311/v2/requests/:id.json',
  // Open feeds of the public incidents (GTFS-RT alerts, Waze CIFS): ETag plus a short max-age.
  'GET /api/feeds/gtfs-rt/alerts',
  'GET /api/feeds/gtfs-rt/alerts.json',
  'GET /api/feeds/waze/cifs.json',
]);

describe('caching of API answers', () => {
  it('tells browsers not to store any answer, errors included, but the icon', async () => {
    const user = await createUser(t.db, { permissions: [...PERMISSIONS] });
    await createApplication(t.db);
    const stored: string[] = [];
    for (const route of t.app.apiRoutes) {
      const { authorization } = await openTestSession(t.db, user.id);
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: plausiblePath(route),
        headers: { authorization },
      });
      const cacheControl = response.headers['cache-control'];
      const mayBeCached = MAY_BE_CACHED.has(routeLabel(route)) && response.statusCode === 200;
      if (!mayBeCached && cacheControl !== 'no-store') {
        stored.push(`${routeLabel(route)} → ${response.statusCode} cache-control: ${cacheControl}`);
      }
    }
    expect(stored).toEqual([]);
  });

  it('says no-store on a 401 and on an unknown API path', async () => {
    expect((await t.app.inject({ url: '/api/auth/session' })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/nothing-here' })).headers['cache-control']).toBe('no-store');
  });
});
