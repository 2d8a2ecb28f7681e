import {
  ZIdParams,
  ZMobilitySystem,
  ZMobilitySystemInput,
  ZMobilitySystemListItem,
  ZMobilitySystemSearchQuery,
  ZPagedList,
  ZPublicSystemResult,
  ZPublicSystemSearch,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import {
  createMobilitySystem,
  deleteMobilitySystem,
  readMobilitySystem,
  readPublicSystemDetails,
  searchMobilitySystems,
  searchPublicSystems,
  updateMobilitySystem,
} from './mobility-systems.service.ts';

/**
 * /mobile-systems in the console, and the public map's search and system card (spec 001 §7).
 * The console's reads for editing and every change are scoped by the system's group's entity
 * (mobility-groups/group-scope.ts); the public routes show every active system.
 */
export const mobilitySystemRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['mobility-systems'];
  const read = { rule: 'signedIn' } as const;
  const write = { rule: { all: ['WRITE_MOBILITY_SYSTEM'] } } as const;
  const isPublic = { rule: 'public' } as const;

  app.post(
    '/mobility-system/public',
    { config: isPublic, schema: { tags, body: ZPublicSystemSearch, response: { 200: z.array(ZPublicSystemResult) } } },
    async (request) => searchPublicSystems(app.db, request.body),
  );

  app.get(
    '/mobility-system/:id/details',
    { config: isPublic, schema: { tags, params: ZIdParams, response: { 200: ZMobilitySystem } } },
    async (request) => readPublicSystemDetails(app.db, request.params.id, request.auth),
  );

  app.get(
    '/mobility-systems/search',
    {
      config: read,
      schema: {
        tags,
        querystring: ZMobilitySystemSearchQuery,
        response: { 200: ZPagedList(ZMobilitySystemListItem) },
      },
    },
    async (request) => searchMobilitySystems(app.db, request.query, requireAuth(request)),
  );

  app.get(
    '/mobility-systems/:id',
    { config: read, schema: { tags, params: ZIdParams, response: { 200: ZMobilitySystem } } },
    async (request) => readMobilitySystem(app.db, request.params.id, requireAuth(request)),
  );

  app.post(
    '/mobility-systems',
    { config: write, schema: { tags, body: ZMobilitySystemInput, response: { 200: ZMobilitySystem } } },
    async (request) => createMobilitySystem(app.db, request.body, actorOf(request), requireAuth(request)),
  );

  app.put(
    '/mobility-systems/:id',
    {
      config: write,
      schema: { tags, params: ZIdParams, body: ZMobilitySystemInput, response: { 200: ZMobilitySystem } },
    },
    async (request) =>
      updateMobilitySystem(app.db, request.params.id, request.body, actorOf(request), requireAuth(request)),
  );

  app.delete(
    '/mobility-systems/:id',
    { config: write, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteMobilitySystem(app.db, request.params.id, requireAuth(request), actorOf(request));
      return { success: true as const };
    },
  );
};
