import {
  ZIdParams,
  ZMobilityGroup,
  ZMobilityGroupInput,
  ZMobilityGroupNode,
  ZMobilityGroupSearchQuery,
  ZPagedList,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import {
  createMobilityGroup,
  deleteMobilityGroup,
  readMobilityGroup,
  readMobilityGroupIcon,
  readMobilityGroupTree,
  searchMobilityGroups,
  updateMobilityGroup,
} from './mobility-groups.service.ts';

/** /mobile-system-groups in the console; the tree and icons also feed the public map. */
export const mobilityGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['mobility-groups'];
  // Any console user picks groups (systems, GTFS import); only WRITE_MOBILITY_GROUP changes them.
  const read = { rule: 'signedIn' } as const;
  const write = { rule: { all: ['WRITE_MOBILITY_GROUP'] } } as const;

  app.get(
    '/mobility-system-groups/search',
    {
      config: read,
      schema: { tags, querystring: ZMobilityGroupSearchQuery, response: { 200: ZPagedList(ZMobilityGroup) } },
    },
    async (request) => searchMobilityGroups(app.db, request.query),
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

  app.get(
    '/mobility-system-groups/:id',
    { config: read, schema: { tags, params: ZIdParams, response: { 200: ZMobilityGroup } } },
    async (request) => readMobilityGroup(app.db, request.params.id),
  );

  app.post(
    '/mobility-system-groups',
    { config: write, schema: { tags, body: ZMobilityGroupInput, response: { 200: ZMobilityGroup } } },
    async (request) => createMobilityGroup(app.db, request.body, actorOf(request)),
  );

  app.put(
    '/mobility-system-groups/:id',
    {
      config: write,
      schema: { tags, params: ZIdParams, body: ZMobilityGroupInput, response: { 200: ZMobilityGroup } },
    },
    async (request) => updateMobilityGroup(app.db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/mobility-system-groups/:id',
    { config: write, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteMobilityGroup(app.db, request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
};
