import {
  ZHelpArticle,
  ZHelpArticleInput,
  ZHelpArticleQuery,
  ZHelpListItem,
  ZHelpListQuery,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { deleteHelpArticle, listHelpArticles, readHelpArticle, saveHelpArticle } from './help.service.ts';
import { helpImageRoutes } from './help-images.routes.ts';

/**
 * In-app help (spec 001 §7). Reading is public: the help button is on the map
 * visitors use as well as in the console; writing needs WRITE_HELP.
 */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['help'];
  const isPublic = { rule: 'public' } as const;
  const write = { rule: { all: ['WRITE_HELP'] } } as const;
  await app.register(helpImageRoutes);

  app.get(
    '/help/list',
    {
      config: isPublic,
      schema: {
        tags,
        description: "One language's articles (page url, title, category), by category and title.",
        querystring: ZHelpListQuery,
        response: { 200: z.array(ZHelpListItem) },
      },
    },
    async (request) => listHelpArticles(app.db, request.query.language),
  );

  app.get(
    '/help/',
    {
      config: isPublic,
      schema: {
        tags,
        description: 'The article of a page (its first two path segments without digits) in a language.',
        querystring: ZHelpArticleQuery,
        response: { 200: ZHelpArticle },
      },
    },
    async (request) => readHelpArticle(app.db, request.query),
  );

  app.put(
    '/help/',
    {
      config: write,
      schema: {
        tags,
        description: "Creates or replaces the page's article; the contents are sanitised HTML.",
        querystring: ZHelpArticleQuery,
        body: ZHelpArticleInput,
        response: { 200: ZHelpArticle },
      },
    },
    async (request) => saveHelpArticle(app.db, request.query, request.body, actorOf(request)),
  );

  app.delete(
    '/help/',
    {
      config: write,
      schema: { tags, querystring: ZHelpArticleQuery, response: { 200: ZSuccess } },
    },
    async (request) => {
      await deleteHelpArticle(app.db, request.query, actorOf(request));
      return { success: true as const };
    },
  );
};
