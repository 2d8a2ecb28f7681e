import {
  ZIdParams,
  ZPagedList,
  ZSpriteIcon,
  ZSpriteIconInput,
  ZSpriteSearchQuery,
  ZSpriteSheetInfo,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/audit.ts';
import { sendCacheable } from '../../http/cacheable.ts';
import { createSpriteFileCache } from './sprite-files.ts';
import {
  createSprite,
  deleteSprite,
  readSprite,
  readSpriteSheetInfo,
  searchSprites,
  updateSprite,
} from './sprites.service.ts';

/**
 * Map icons: /sprite in the console (MANAGE_SPRITES), and the sprite sheet
 * every map style names as `<origin>/api/sprites/sprite` (MapLibre adds
 * .json, .png, @2x.json, @2x.png).
 */
export const spriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sprites'];
  const manage = { rule: { all: ['MANAGE_SPRITES'] } } as const;
  const sheetFiles = createSpriteFileCache(app.db);

  const files = [
    { file: 'sprite.json', pixelRatio: 1, isPng: false },
    { file: 'sprite.png', pixelRatio: 1, isPng: true },
    { file: 'sprite@2x.json', pixelRatio: 2, isPng: false },
    { file: 'sprite@2x.png', pixelRatio: 2, isPng: true },
  ];
  for (const { file, pixelRatio, isPng } of files) {
    app.get(
      `/sprites/${file}`,
      {
        config: { rule: 'public' },
        schema: { tags, description: `The MapLibre sprite ${isPng ? 'image' : 'index'} at ${pixelRatio}×.` },
      },
      async (request, reply) => {
        const sheet = await sheetFiles(pixelRatio);
        return sendCacheable(request, reply, {
          // One ETag per sheet: the image and its index change together.
          etag: sheet.etag,
          maxAgeSeconds: 300,
          contentType: isPng ? 'image/png' : 'application/json; charset=utf-8',
          body: isPng ? sheet.png : sheet.json,
        });
      },
    );
  }

  app.get('/sprites/sheet', { config: manage, schema: { tags, response: { 200: ZSpriteSheetInfo } } }, async () =>
    readSpriteSheetInfo(app.db),
  );

  app.get(
    '/sprites/search',
    { config: manage, schema: { tags, querystring: ZSpriteSearchQuery, response: { 200: ZPagedList(ZSpriteIcon) } } },
    async (request) => searchSprites(app.db, request.query),
  );

  app.get(
    '/sprites/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZSpriteIcon } } },
    async (request) => readSprite(app.db, request.params.id),
  );

  app.post(
    '/sprites',
    {
      config: manage,
      schema: {
        tags,
        description: 'One icon: a name for styles (icon-image), the SVG markup, its size on the map in pixels.',
        body: ZSpriteIconInput,
        response: { 200: ZSpriteIcon },
      },
    },
    async (request) => createSprite(app.db, request.body, actorOf(request)),
  );

  app.put(
    '/sprites/:id',
    { config: manage, schema: { tags, params: ZIdParams, body: ZSpriteIconInput, response: { 200: ZSpriteIcon } } },
    async (request) => updateSprite(app.db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/sprites/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteSprite(app.db, request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
};
