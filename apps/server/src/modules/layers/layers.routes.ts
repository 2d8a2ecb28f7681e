import {
  can,
  ZExtraMapLayer,
  ZIdParams,
  ZLayerListItem,
  ZMapLayer,
  ZMapLayerInput,
  ZMapLayerSearchQuery,
  ZPagedList,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import {
  createMapLayer,
  deleteMapLayer,
  listExtraMapLayers,
  listLayers,
  readMapLayer,
  searchMapLayers,
  updateMapLayer,
} from './layers.service.ts';

/** Extra map layers: /layers in the console (MANAGE_LAYERS); the map reads the offered ones. */
export const layerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['layers'];
  const manage = { rule: { all: ['MANAGE_LAYERS'] } } as const;

  app.get(
    '/layers/list',
    {
      config: { rule: 'public' },
      schema: {
        tags,
        description:
          'Spec 001 §7: id, name, icon, color. Visitors get the layers the map offers (showExtraLayers); ' +
          'holders of MANAGE_LAYERS get every layer.',
        response: { 200: z.array(ZLayerListItem) },
      },
    },
    async (request) => listLayers(app.db, can(request.auth, { all: ['MANAGE_LAYERS'] })),
  );

  app.get(
    '/layers/public',
    {
      config: { rule: 'public' },
      schema: {
        tags,
        description:
          'The extra layers of the map-type selector with their tile source: XYZ and WMS URLs are tile ' +
          'templates (MapLibre fills {bbox-epsg-3857}); a TILEJSON url names a TileJSON document.',
        response: { 200: z.array(ZExtraMapLayer) },
      },
    },
    async () => listExtraMapLayers(app.db),
  );

  app.get(
    '/layers/search',
    { config: manage, schema: { tags, querystring: ZMapLayerSearchQuery, response: { 200: ZPagedList(ZMapLayer) } } },
    async (request) => searchMapLayers(app.db, request.query),
  );

  app.get(
    '/layers/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZMapLayer } } },
    async (request) => readMapLayer(app.db, request.params.id),
  );

  app.post(
    '/layers',
    { config: manage, schema: { tags, body: ZMapLayerInput, response: { 200: ZMapLayer } } },
    async (request) => createMapLayer(app.db, request.body, actorOf(request)),
  );

  app.put(
    '/layers/:id',
    { config: manage, schema: { tags, params: ZIdParams, body: ZMapLayerInput, response: { 200: ZMapLayer } } },
    async (request) => updateMapLayer(app.db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/layers/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteMapLayer(app.db, request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
};
