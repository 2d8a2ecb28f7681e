import {
  MAP_MAX_AGE_SECONDS,
  type TMapItem,
  ZApplication,
  ZApplicationInput,
  ZApplicationListItem,
  ZApplicationSearchQuery,
  ZIdParams,
  ZMapItem,
  ZMobilityGroupNode,
  ZPagedList,
  ZPublicSystemResult,
  ZPublicSystemSearch,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { sendCacheable } from '../../http/cacheable.ts';
import { pickEncoding } from '../../http/encoded-bodies.ts';
import { mapTilingOf } from '../map/map-tiling.ts';
import { readMobilityGroupTree } from '../mobility-groups/mobility-groups.service.ts';
import { searchPublicSystems } from '../mobility-systems/mobility-systems.service.ts';
import { createApplicationMapCaches, groupsWithinScope, pruneGroupTree } from './application-map.ts';
import {
  assertApplicationOpen,
  createApplication,
  deleteApplication,
  listPortalApplications,
  readApplication,
  readApplicationLogo,
  readApplicationMapScope,
  searchApplications,
  updateApplication,
} from './applications.service.ts';

const ZAppIdParams = z.object({ appId: ZIdParams.shape.id });

/**
 * Applications: the portal's list (GET /applications/, spec 001 §7), their management under /apps
 * (WRITE_ROLE, spec 000 §6), and the map calls of a vertical app under /app/{id}/, scoped on the server
 * to the groups and incident kinds it allows. GET /applications/{appId} (its configuration) and
 * /applications/{appId}/app-style and /map-style live with the configuration and the map styles.
 */
export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['applications'];
  const manage = { rule: { all: ['WRITE_ROLE'] } } as const;
  const mapCaches = createApplicationMapCaches(app.db, mapTilingOf(app.config));
  app.addHook('onClose', mapCaches.close);

  app.get(
    '/applications/',
    {
      config: { rule: 'public' },
      schema: {
        tags,
        description:
          'Spec 001 §2 applications portal: apps needing authentication are left out for visitors; an app ' +
          'limited to an entity type is listed only to users of entities of that type.',
        response: { 200: z.array(ZApplicationListItem) },
      },
    },
    async (request) => listPortalApplications(app.db, request.auth),
  );

  app.get(
    '/applications/search',
    {
      config: manage,
      schema: { tags, querystring: ZApplicationSearchQuery, response: { 200: ZPagedList(ZApplicationListItem) } },
    },
    async (request) => searchApplications(app.db, request.query),
  );

  app.get(
    '/applications/:id/settings',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZApplication } } },
    async (request) => readApplication(app.db, request.params.id),
  );

  app.post(
    '/applications/',
    { config: manage, schema: { tags, body: ZApplicationInput, response: { 200: ZApplication } } },
    async (request) => createApplication(app.db, request.body, actorOf(request)),
  );

  app.put(
    '/applications/:id',
    { config: manage, schema: { tags, params: ZIdParams, body: ZApplicationInput, response: { 200: ZApplication } } },
    async (request) => updateApplication(app.db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/applications/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteApplication(app.db, request.params.id, actorOf(request));
      mapCaches.forget(request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/applications/:appId/logo',
    { config: { rule: 'public' }, schema: { tags, params: ZAppIdParams } },
    async (request, reply) => {
      const logo = await readApplicationLogo(app.db, request.params.appId);
      return (
        reply
          .type(logo.type)
          .header('cache-control', 'public, max-age=300')
          // Sanitised already; this keeps a browser from running anything should it open an SVG logo as a page.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(logo.bytes)
      );
    },
  );

  app.get(
    '/applications/:appId/map/',
    {
      config: { rule: 'public' },
      schema: {
        tags,
        description: 'GET /map/ for a vertical app: only its allowed groups (with their subgroups) and incident kinds.',
        params: ZAppIdParams,
        response: { 200: z.array(ZMapItem) },
      },
    },
    async (request, reply) => {
      const { appId } = request.params;
      await assertApplicationOpen(app.db, request.auth, appId);
      const cache = mapCaches.get(appId, await readApplicationMapScope(app.db, appId));
      const answer = await cache.get();
      const encoding = pickEncoding(request.headers['accept-encoding']);
      return sendCacheable(request, reply, {
        etag: answer.etag,
        maxAgeSeconds: MAP_MAX_AGE_SECONDS,
        contentType: 'application/json; charset=utf-8',
        body: answer.bodies[encoding],
        contentEncoding: encoding,
      }) as unknown as TMapItem[];
    },
  );

  app.get(
    '/applications/:appId/mobility-system-groups/tree',
    {
      config: { rule: 'public' },
      schema: { tags, params: ZAppIdParams, response: { 200: z.array(ZMobilityGroupNode) } },
    },
    async (request) => {
      await assertApplicationOpen(app.db, request.auth, request.params.appId);
      const scope = await readApplicationMapScope(app.db, request.params.appId);
      const tree = await readMobilityGroupTree(app.db);
      return scope.groupIds === null ? tree : pruneGroupTree(tree, new Set(scope.groupIds));
    },
  );

  app.post(
    '/applications/:appId/mobility-system/public',
    {
      config: { rule: 'public' },
      schema: {
        tags,
        params: ZAppIdParams,
        body: ZPublicSystemSearch,
        response: { 200: z.array(ZPublicSystemResult) },
      },
    },
    async (request) => {
      await assertApplicationOpen(app.db, request.auth, request.params.appId);
      const scope = await readApplicationMapScope(app.db, request.params.appId);
      const search = request.body;
      if (scope.groupIds === null) return searchPublicSystems(app.db, search);
      const within = new Set(await groupsWithinScope(app.db, scope.groupIds));
      // The groups picked in the filter narrow the search, never widen it past the app's own.
      const picked = search.parentId.filter((id) => within.has(id));
      if (search.parentId.length > 0 && picked.length === 0) return [];
      return searchPublicSystems(app.db, { ...search, parentId: picked.length > 0 ? picked : [...within] });
    },
  );
};
