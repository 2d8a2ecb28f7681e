import { LANGUAGES, QUERY_PARAMETER_TYPES, ZQueryParameterOption, ZSearchText } from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findParameterOptions } from './query-parameters.service.ts';

const ZOptionsQuery = z.object({
  type: z.enum(QUERY_PARAMETER_TYPES, { error: 'INVALID_TYPE' }),
  universalSearch: ZSearchText,
  /** Comma-separated values whose names are wanted. */
  ids: z
    .string()
    .max(2000)
    .optional()
    .transform((value) => (value ? value.split(',').filter((id) => id !== '') : [])),
  language: z.enum(LANGUAGES).optional(),
});

/** The choices a parameter input offers (data source previews, dashboard filters, report forms). */
export const queryParameterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/query-parameters/options',
    {
      config: { rule: 'public' },
      schema: {
        tags: ['data sources'],
        description:
          'Up to 50 choices for a parameter type, matching universalSearch, or those named in ids. Visitors (public ' +
          'dashboards) may list places, public event categories and mobility groups and systems; entities, users ' +
          'and entity types need a session and are limited to what the caller may see.',
        querystring: ZOptionsQuery,
        response: { 200: z.array(ZQueryParameterOption) },
      },
    },
    async (request) => findParameterOptions(app.db, request.auth, request.query),
  );
};
