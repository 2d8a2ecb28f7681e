import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TServerConfig } from './config.ts';
import type { TDatabase } from './db/database.ts';
import { appShellContentOf, withAppShell } from './http/app-shell.ts';
import { authPlugin, type TRouteRule } from './http/auth.ts';
import { handleClientError, handleError, handleFrameworkError } from './http/error-handler.ts';
import { AppError, notFound } from './http/errors.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { rejectUnstorableText } from './http/text-input.ts';
import type { TAnyJobDefinition } from './jobs/define-job.ts';
import { ALL_JOBS } from './jobs/index.ts';
import { createSecretBox, secretsKeyFor, type TSecretBox } from './lib/secrets.ts';
import type { TMailer } from './mail/mailer.ts';
import { addressRoutes } from './modules/address/address.routes.ts';
import { boundariesRoutes } from './modules/address/boundaries.routes.ts';
import { applicationRoutes } from './modules/applications/applications.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { configurationRoutes } from './modules/configuration/configuration.routes.ts';
import { createConfigurationCache, type TConfigurationCache } from './modules/configuration/configuration-cache.ts';
import { dashboardRoutes } from './modules/dashboards/dashboards.routes.ts';
import { dataSourceRoutes } from './modules/data-sources/data-sources.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { entityRoutes } from './modules/entities/entities.routes.ts';
import { entityProfileRoutes } from './modules/entity-profiles/entity-profiles.routes.ts';
import { eventCategoryRoutes } from './modules/event-categories/event-categories.routes.ts';
import { eventRequestRoutes } from './modules/event-requests/event-requests.routes.ts';
import { eventRoutes } from './modules/events/events.routes.ts';
import { feDebugRoutes } from './modules/fe-debug/fe-debug.routes.ts';
import { gtfsRoutes } from './modules/gtfs/gtfs.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { createIotConsumerSupervisor, type TIotConsumerSupervisor } from './modules/iot-queues/consumer-supervisor.ts';
import { iotQueueRoutes } from './modules/iot-queues/iot-queues.routes.ts';
import { ReadingBus } from './modules/iot-readings/reading-bus.ts';
import { iotReadingRoutes } from './modules/iot-readings/readings.routes.ts';
import { layerRoutes } from './modules/layers/layers.routes.ts';
import { mapRoutes } from './modules/map/map.routes.ts';
import { mapStyleRoutes } from './modules/map-style/map-style.routes.ts';
import { mobilityGroupRoutes } from './modules/mobility-groups/mobility-groups.routes.ts';
import { mobilitySystemRoutes } from './modules/mobility-systems/mobility-systems.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { openFeedRoutes } from './modules/open-feeds/open-feeds.routes.ts';
import { open311Routes } from './modules/open311/open311.routes.ts';
import { personalRoutes } from './modules/personal/personal.routes.ts';
import { personalFileRoutes } from './modules/personal-files/personal-files.routes.ts';
import { publicTransportRoutes } from './modules/public-transport/public-transport.routes.ts';
import { queryReaderPassword } from './modules/queries/query-reader-login.ts';
import { createQueryRunner, type TQueryRunner } from './modules/queries/query-runner.ts';
import { queryParameterRoutes } from './modules/query-parameters/query-parameters.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { roleRoutes } from './modules/roles/roles.routes.ts';
import { ruleTemplateRoutes } from './modules/rule-templates/rule-templates.routes.ts';
import { spriteRoutes } from './modules/sprites/sprites.routes.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { trafficRoutes } from './modules/traffic/traffic.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { createJobSystem, type TJobSystem, type TJobTuning } from './workers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: TDatabase;
    config: TServerConfig;
    mailer: TMailer;
    configurationCache: TConfigurationCache;
    /** Stored IoT readings, for whatever reacts to them (rule templates). */
    readingBus: ReadingBus;
    /** Consumes the enabled IoT message queues (one process per queue, by advisory lock). */
    iotConsumers: TIotConsumerSupervisor;
    /** Seals credentials stored in the database (broker passwords). */
    secrets: TSecretBox;
    /** Background jobs (pg-boss): every process sends them; a workers process also runs them (workers.ts). */
    jobs: TJobSystem;
    /** Runs user-authored SQL (data sources, reports) read-only as the reader role, on connections of its own. */
    queryRunner: TQueryRunner;
    /** Every API route with the access rule and schema it declared; tests walk it. */
    apiRoutes: { method: string; url: string; rule: TRouteRule | undefined; schema: FastifySchema | undefined }[];
  }
}

export interface TAppDeps {
  db: TDatabase;
  config: TServerConfig;
  mailer: TMailer;
  logger?: FastifyServerOptions['logger'];
  /** Tests: jobs of their own beside the platform's, and pg-boss's timers shortened. */
  jobs?: { extraDefinitions?: TAnyJobDefinition[]; tuning?: TJobTuning };
}

const API_MODULES = [
  healthRoutes,
  authRoutes,
  configurationRoutes,
  addressRoutes,
  boundariesRoutes,
  entityRoutes,
  entityProfileRoutes,
  roleRoutes,
  userRoutes,
  auditRoutes,
  mapStyleRoutes,
  mapRoutes,
  mobilityGroupRoutes,
  mobilitySystemRoutes,
  documentRoutes,
  gtfsRoutes,
  publicTransportRoutes,
  trafficRoutes,
  layerRoutes,
  eventCategoryRoutes,
  eventRoutes,
  eventRequestRoutes,
  open311Routes,
  openFeedRoutes,
  spriteRoutes,
  statisticsRoutes,
  dataSourceRoutes,
  dashboardRoutes,
  queryParameterRoutes,
  personalRoutes,
  personalFileRoutes,
  notificationRoutes,
  feDebugRoutes,
  reportRoutes,
  ruleTemplateRoutes,
  iotQueueRoutes,
  iotReadingRoutes,
  helpRoutes,
  applicationRoutes,
  homeRoutes,
];

/** Builds the whole product without listening, so tests can inject requests. */
export async function buildApp(deps: TAppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // Only behind a known proxy may X-Forwarded-For name the client: it feeds sign-in throttling and the audit log.
    trustProxy: deps.config.trustProxy,
    // One line per request is noise here; errors are still logged with their correlation id.
    logController: new LogController({ disableRequestLogging: true }),
    // No per-request child logger: with request lines off it would only carry a reqId that nothing reads
    // (an unexpected error is logged with its own correlation id), and building one costs on every call.
    childLoggerFactory: (logger) => logger,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
    ajv: { customOptions: { coerceTypes: false } },
    // Requests refused before any route (by the router, or by Node's parser) answer in the platform's shape too.
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  registerSecurityHeaders(app, deps.config.frameAncestors);
  app.decorate('db', deps.db);
  app.decorate('config', deps.config);
  app.decorate('mailer', deps.mailer);
  app.decorate('configurationCache', createConfigurationCache(deps.db));
  app.addHook('onClose', async () => app.configurationCache.close());
  const databaseUrl = String(deps.db.$client.options.connectionString);
  app.decorate(
    'queryRunner',
    createQueryRunner({
      databaseUrl,
      password: queryReaderPassword(databaseUrl, deps.config.queryReaderPassword),
      admin: deps.db.$client,
      poolSize: deps.config.queryPoolSize,
      resultByteCap: deps.config.queryResultMaxBytes,
      log: (message) => app.log.warn(message),
    }),
  );
  app.addHook('onClose', async () => app.queryRunner.close());
  app.decorate('apiRoutes', []);
  app.decorate('readingBus', new ReadingBus());
  app.decorate('secrets', createSecretBox(secretsKeyFor(databaseUrl, deps.config.secretsKey)));
  app.decorate(
    'iotConsumers',
    createIotConsumerSupervisor({
      db: deps.db,
      secrets: app.secrets,
      bus: app.readingBus,
      enabled: deps.config.iotConsumers,
      log: (message) => app.log.warn(message),
    }),
  );
  app.addHook('onReady', async () => app.iotConsumers.start());
  // Before onClose: batches under way are stored and acknowledged while the database is still open.
  app.addHook('preClose', async () => app.iotConsumers.stop());
  app.decorate(
    'jobs',
    createJobSystem({
      db: deps.db,
      config: deps.config,
      mailer: deps.mailer,
      queryRunner: () => app.queryRunner,
      log: {
        info: (message) => app.log.info(message),
        warn: (message, error) => app.log.warn({ err: error }, message),
        error: (message, error) => app.log.error({ err: error }, message),
      },
      definitions: deps.jobs?.extraDefinitions ? [...ALL_JOBS, ...deps.jobs.extraDefinitions] : undefined,
      tuning: deps.jobs?.tuning,
    }),
  );
  app.addHook('onReady', async () => app.jobs.start());
  // Before onClose, so jobs under way finish (or go back to their queue) while the query runner and database are open.
  app.addHook('preClose', async () => app.jobs.stop());

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Mobility and incident platform API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const rule = (input.route.config as { rule?: TRouteRule } | undefined)?.rule;
      // Routes behind a session say so, so the docs page sends the bearer token with them.
      const security = rule && rule !== 'public' ? { security: [{ bearer: [] as string[] }] } : {};
      return {
        ...output,
        schema: { ...output.schema, ...security, 'x-access-rule': rule } as unknown as typeof output.schema,
      };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      api.addHook('onRoute', (route) => {
        // Only routes that take input need it checked: the busiest public calls take none and skip the hook.
        const { body, querystring, params } = (route.schema ?? {}) as FastifySchema;
        if (body || querystring || params) {
          const existing = route.preValidation ? [route.preValidation].flat() : [];
          route.preValidation = [...existing, rejectUnstorableText];
        }
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD') continue;
          app.apiRoutes.push({
            method,
            url: route.url,
            rule: (route.config as { rule?: TRouteRule } | undefined)?.rule,
            schema: route.schema,
          });
        }
      });
      await registerRateLimits(api, { publicPerMinute: deps.config.publicRateLimitPerMinute });
      await api.register(authPlugin);
      for (const module of API_MODULES) await api.register(module);
      api.setNotFoundHandler(() => {
        throw notFound();
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, deps.config.webDist);
  return app;
}

/** Serves the built single-page app; any unknown path gets index.html so the client router decides. */
async function registerWebApp(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.setNotFoundHandler(() => {
      throw new AppError('NOT_FOUND', { message: 'The web app is not built: run `npm start` or `npm run build`.' });
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (apps/web/vite-plugin-precompress.ts).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Vite fingerprints everything under assets/; those never change. The rest (index.html) is revalidated.
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // The map home, every visitor's first page, carries the console's frame with the platform's title, drawn
  // before any script runs (http/app-shell.ts); read once, as the static files are, and filled per request
  // from the configuration kept in memory. Should that fail, the page is sent as built: the app says why.
  const indexHtml = readFileSync(indexFile, 'utf8');
  app.get('/', async (request, reply) => {
    let page = indexHtml;
    try {
      page = withAppShell(indexHtml, appShellContentOf(await app.configurationCache.publicPairs()));
    } catch (error) {
      request.log.warn({ err: error }, 'the map home is sent without its early frame');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound();
    const lastSegment = request.url.split('?')[0].split('/').pop() ?? '';
    if (lastSegment.includes('.') && !lastSegment.endsWith('.html')) throw notFound();
    return reply.sendFile('index.html');
  });
}
