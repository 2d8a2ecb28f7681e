import {
  ZDataSource,
  ZDataSourceInput,
  ZDataSourcePreviewInput,
  ZDataSourceSearchQuery,
  ZDataSourceSummary,
  ZIdParams,
  ZPagedList,
  ZQueryResult,
  ZSuccess,
  ZWidgetSource,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { queryCallerOf } from '../queries/query-caller.ts';
import {
  createDataSource,
  deleteDataSource,
  listDataSources,
  previewDataSource,
  readDataSource,
  searchDataSources,
  updateDataSource,
} from './data-sources.service.ts';

/** Dashboard data sources: /data-sources in the console (MANAGE_DATASOURCES). */
export const dataSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['data sources'];
  const manage = { rule: { all: ['MANAGE_DATASOURCES'] } } as const;

  app.get(
    '/data-sources/search',
    {
      config: manage,
      schema: { tags, querystring: ZDataSourceSearchQuery, response: { 200: ZPagedList(ZDataSourceSummary) } },
    },
    async (request) => searchDataSources(app.db, request.query),
  );

  app.get(
    '/data-sources/list',
    {
      config: { rule: { any: ['MANAGE_DASHBOARDS', 'MANAGE_DATASOURCES'] } },
      schema: {
        tags,
        description: 'Every source with its columns and parameters, for the widget editor.',
        response: { 200: z.array(ZWidgetSource) },
      },
    },
    async () => listDataSources(app.db),
  );

  app.post(
    '/data-sources/preview',
    {
      config: manage,
      schema: {
        tags,
        description:
          'Runs the query as it stands in the editor on the values given (first 50 rows), read-only as the ' +
          'reader role. PREVIEW_QUERY_ERROR with the database message when it fails; QUERY_TIMEOUT past its timeout.',
        body: ZDataSourcePreviewInput,
        response: { 200: ZQueryResult },
      },
    },
    async (request) => previewDataSource(app.queryRunner, await queryCallerOf(app.db, request.auth), request.body),
  );

  app.get(
    '/data-sources/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZDataSource } } },
    async (request) => readDataSource(app.db, request.params.id),
  );

  app.post(
    '/data-sources',
    {
      config: manage,
      schema: {
        tags,
        description: 'The query is run once (limit 0) to read its columns; an SQL error is a field error on query.',
        body: ZDataSourceInput,
        response: { 200: ZDataSource },
      },
    },
    async (request) =>
      createDataSource(
        app.db,
        app.queryRunner,
        await queryCallerOf(app.db, request.auth),
        request.body,
        actorOf(request),
      ),
  );

  app.put(
    '/data-sources/:id',
    { config: manage, schema: { tags, params: ZIdParams, body: ZDataSourceInput, response: { 200: ZDataSource } } },
    async (request) =>
      updateDataSource(
        app.db,
        app.queryRunner,
        await queryCallerOf(app.db, request.auth),
        request.params.id,
        request.body,
        actorOf(request),
      ),
  );

  app.delete(
    '/data-sources/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteDataSource(app.db, request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
};
