import { ZCountry, ZCounty, ZCountyQuery, ZDistrict, ZParish, ZParishQuery } from '@mip/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { counties, countries, districts, parishes } from '../../db/schema/index.ts';

/** Reference lists of places for forms and filters; public, and the same for every caller. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { rule: 'public' as const };

  app.get(
    '/address/search-district',
    { config, schema: { tags: ['address'], response: { 200: z.array(ZDistrict) } } },
    async () => app.db.select().from(districts).orderBy(sql`${districts.name} collate pt_natural`),
  );

  app.get(
    '/address/search-county',
    { config, schema: { tags: ['address'], querystring: ZCountyQuery, response: { 200: z.array(ZCounty) } } },
    async (request) =>
      app.db
        .select()
        .from(counties)
        .where(request.query.districtId ? eq(counties.districtId, request.query.districtId) : undefined)
        .orderBy(sql`${counties.name} collate pt_natural`),
  );

  app.get(
    '/address/search-parish',
    { config, schema: { tags: ['address'], querystring: ZParishQuery, response: { 200: z.array(ZParish) } } },
    async (request) =>
      app.db
        .select()
        .from(parishes)
        .where(request.query.countyId ? eq(parishes.countyId, request.query.countyId) : undefined)
        .orderBy(sql`${parishes.name} collate pt_natural`),
  );

  app.get(
    '/address/countries',
    { config, schema: { tags: ['address'], response: { 200: z.array(ZCountry) } } },
    async () => app.db.select().from(countries).orderBy(sql`${countries.namePt} collate pt_natural`),
  );
};
