import { createHash } from 'node:crypto';
import {
  MAP_MAX_AGE_SECONDS,
  type TTileJson,
  ZIdParams,
  ZMobilityGroup,
  ZMobilityGroupInput,
  ZMobilityGroupNode,
  ZMobilityGroupSearchQuery,
  ZPagedList,
  ZSuccess,
  ZTileJson,
  ZTileParams,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import { sendCacheable } from '../../http/cacheable.ts';
import { pickEncoding } from '../../http/encoded-bodies.ts';
import { notFound } from '../../http/errors.ts';
import { readSelfTiledGroupIds } from '../map/map.service.ts';
import { mapTilingOf } from '../map/map-tiling.ts';
import {
  createMobilityGroup,
  deleteMobilityGroup,
  readMobilityGroup,
  readMobilityGroupIcon,
  readMobilityGroupTree,
  searchMobilityGroups,
  updateMobilityGroup,
} from './mobility-groups.service.ts';
import { createGroupTileCache } from './mobility-groups.tiles.ts';

/** /mobile-system-groups in the console; the tree and icons also feed the public map. */
export const mobilityGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['mobility-groups'];
  // Any console user picks groups (systems, GTFS import); only WRITE_MOBILITY_GROUP changes them.
  // Reads for editing and every change are scoped by the group's entity (group-scope.ts).
  const read = { rule: 'signedIn' } as const;
  const write = { rule: { all: ['WRITE_MOBILITY_GROUP'] } } as const;

  app.get(
    '/mobility-system-groups/search',
    {
      config: read,
      schema: { tags, querystring: ZMobilityGroupSearchQuery, response: { 200: ZPagedList(ZMobilityGroup) } },
    },
    async (request) => searchMobilityGroups(app.db, request.query, requireAuth(request)),
  );

  app.get(
    '/mobility-system-groups/tree',
    { config: { rule: 'public' }, schema: { tags, response: { 200: z.array(ZMobilityGroupNode) } } },
    async () => readMobilityGroupTree(app.db),
  );

  app.get(
    '/mobility-system-groups/:id/icon',
    { config: { rule: 'public' }, schema: { tags, params: ZIdParams } },
    async (request, reply) => {
      const icon = await readMobilityGroupIcon(app.db, request.params.id);
      return (
        reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=300')
          // Sanitised already; this keeps a browser from running anything should it open the icon as a page.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(icon)
      );
    },
  );

  const tiling = mapTilingOf(app.config);
  const tiles = createGroupTileCache(app.db, app.config.publicUrl, {
    groupIds: () => readSelfTiledGroupIds(app.db, tiling),
    onError: (error) => app.log.warn({ err: error }, 'cutting the map tiles ahead failed; the first request cuts them'),
  });
  app.addHook('onClose', tiles.close);
  // Public map data, as GET /map/: any page may draw it, browsers and a CDN may keep it a little while.
  const cachedPublicly = { maxAgeSeconds: MAP_MAX_AGE_SECONDS } as const;

  app.get(
    '/mobility-system-groups/:id/tiles.json',
    {
      config: { rule: 'public' },
      schema: {
        tags,
        description:
          "TileJSON 3.0.0 of the group's vector tiles (its active systems, layer 'systems'), for a group " +
          "drawn on the map: put this address in a group's tileMetadataUrl to draw it from tiles.",
        params: ZIdParams,
        response: { 200: ZTileJson },
      },
    },
    async (request, reply) => {
      const tileJson = await tiles.tileJson(request.params.id);
      if (!tileJson) throw notFound();
      reply.header('access-control-allow-origin', '*');
      // The schema documents the answer; the tag is of the text sent.
      const body = JSON.stringify(tileJson);
      const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
      return sendCacheable(request, reply, {
        ...cachedPublicly,
        etag,
        contentType: 'application/json; charset=utf-8',
        body,
      }) as unknown as TTileJson;
    },
  );

  app.get(
    '/mobility-system-groups/:id/tiles/:z/:x/:y.pbf',
    {
      config: { rule: 'public' },
      schema: {
        tags,
        description:
          'One Mapbox Vector Tile (layer "systems": _msid, name, systemType, color) of a group drawn on the ' +
          'map, gzipped when the caller accepts it; 204 when nothing lies in the tile.',
        params: ZTileParams,
      },
    },
    async (request, reply) => {
      const { id, z, x, y } = request.params;
      const tile = await tiles.tile(id, z, x, y);
      if (!tile) throw notFound();
      reply.header('access-control-allow-origin', '*');
      if (tile === 'empty') {
        return reply.header('cache-control', `public, max-age=${MAP_MAX_AGE_SECONDS}`).status(204).send();
      }
      const encoding = pickEncoding(request.headers['accept-encoding'], ['gzip']);
      return sendCacheable(request, reply, {
        ...cachedPublicly,
        etag: tile.etag,
        contentType: 'application/vnd.mapbox-vector-tile',
        body: encoding === 'gzip' ? tile.bodies.gzip : tile.bodies.identity,
        contentEncoding: encoding,
      });
    },
  );

  app.get(
    '/mobility-system-groups/:id',
    { config: read, schema: { tags, params: ZIdParams, response: { 200: ZMobilityGroup } } },
    async (request) => readMobilityGroup(app.db, request.params.id, requireAuth(request)),
  );

  app.post(
    '/mobility-system-groups',
    { config: write, schema: { tags, body: ZMobilityGroupInput, response: { 200: ZMobilityGroup } } },
    async (request) => createMobilityGroup(app.db, request.body, requireAuth(request), actorOf(request)),
  );

  app.put(
    '/mobility-system-groups/:id',
    {
      config: write,
      schema: { tags, params: ZIdParams, body: ZMobilityGroupInput, response: { 200: ZMobilityGroup } },
    },
    async (request) =>
      updateMobilityGroup(app.db, request.params.id, request.body, requireAuth(request), actorOf(request)),
  );

  app.delete(
    '/mobility-system-groups/:id',
    { config: write, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteMobilityGroup(app.db, request.params.id, requireAuth(request), actorOf(request));
      return { success: true as const };
    },
  );
};
