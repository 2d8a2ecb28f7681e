import {
  ZIdParams,
  ZPagedList,
  ZRuleApplyInput,
  ZRuleApplyResult,
  ZRuleCandidateSystem,
  ZRuleEventOriginAnswer,
  ZRuleSystem,
  ZRuleSystemParams,
  ZRuleSystemSearchQuery,
  ZRuleTemplate,
  ZRuleTemplateInput,
  ZRuleTemplateSearchQuery,
  ZRuleTestInput,
  ZRuleTestResult,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/audit.ts';
import { requireAuth } from '../../http/auth.ts';
import { readRuleEventOrigin } from './rule-events.service.ts';
import { createRuleEngine } from './rule-listener.ts';
import {
  applyRuleTemplate,
  createRuleTemplate,
  deleteRuleTemplate,
  readRuleTemplate,
  removeRuleSystem,
  searchRuleCandidates,
  searchRuleSystems,
  searchRuleTemplates,
  updateRuleTemplate,
} from './rule-templates.service.ts';
import { testRuleTemplate } from './rule-test.service.ts';

/**
 * /rule-template in the console (spec 000 §2, MANAGE_RULE_TEMPLATES), and the
 * engine that runs the rules on every batch of stored readings the bus carries.
 */
export const ruleTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rule-templates'];
  const manage = { rule: { all: ['MANAGE_RULE_TEMPLATES'] } } as const;

  const engine = createRuleEngine(app);
  const unsubscribe = app.readingBus.subscribe(engine.handleReadings);
  app.addHook('onClose', async () => {
    unsubscribe();
    await engine.close();
  });
  /** This process's rules are reloaded at once after its own writes; other processes hear the notification. */
  const afterWrite = <T>(answer: T) => {
    engine.invalidate();
    return answer;
  };

  app.get(
    '/rule-templates/search',
    {
      config: manage,
      schema: { tags, querystring: ZRuleTemplateSearchQuery, response: { 200: ZPagedList(ZRuleTemplate) } },
    },
    async (request) => searchRuleTemplates(app.db, requireAuth(request), request.query),
  );

  app.post(
    '/rule-templates/test',
    {
      config: manage,
      schema: {
        tags,
        description: "A rule as written, replayed on a system's latest readings; nothing is opened or kept.",
        body: ZRuleTestInput,
        response: { 200: ZRuleTestResult },
      },
    },
    async (request) => testRuleTemplate(app.db, request.body),
  );

  app.get(
    '/rule-templates/events/:id',
    {
      config: { rule: { all: ['MANAGE_EVENTS'] } },
      schema: {
        tags,
        description: 'The rule and readings that raised an event (origin null for an event no rule raised).',
        params: ZIdParams,
        response: { 200: ZRuleEventOriginAnswer },
      },
    },
    async (request) => ({ origin: await readRuleEventOrigin(app.db, request.params.id, requireAuth(request)) }),
  );

  app.get(
    '/rule-templates/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZRuleTemplate } } },
    async (request) => readRuleTemplate(app.db, request.params.id, requireAuth(request)),
  );

  app.post(
    '/rule-templates',
    { config: manage, schema: { tags, body: ZRuleTemplateInput, response: { 200: ZRuleTemplate } } },
    async (request) => createRuleTemplate(app.db, request.body, requireAuth(request), actorOf(request)),
  );

  app.put(
    '/rule-templates/:id',
    { config: manage, schema: { tags, params: ZIdParams, body: ZRuleTemplateInput, response: { 200: ZRuleTemplate } } },
    async (request) =>
      afterWrite(
        await updateRuleTemplate(app.db, request.params.id, request.body, requireAuth(request), actorOf(request)),
      ),
  );

  app.delete(
    '/rule-templates/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteRuleTemplate(app.db, request.params.id, requireAuth(request), actorOf(request));
      return afterWrite({ success: true as const });
    },
  );

  app.get(
    '/rule-templates/:id/systems',
    {
      config: manage,
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZRuleSystemSearchQuery,
        response: { 200: ZPagedList(ZRuleSystem) },
      },
    },
    async (request) => searchRuleSystems(app.db, request.params.id, request.query, requireAuth(request)),
  );

  app.get(
    '/rule-templates/:id/candidate-systems',
    {
      config: manage,
      schema: {
        tags,
        description:
          "Systems the rule can still be applied to: those with an IOT parameter of the rule's name linked to a " +
          'reader, that it does not watch yet.',
        params: ZIdParams,
        querystring: ZRuleSystemSearchQuery,
        response: { 200: ZPagedList(ZRuleCandidateSystem) },
      },
    },
    async (request) => searchRuleCandidates(app.db, request.params.id, request.query, requireAuth(request)),
  );

  app.post(
    '/rule-templates/:id/systems',
    {
      config: manage,
      schema: {
        tags,
        description: 'Applies the rule to systems one by one and/or to every system of a group and its subgroups.',
        params: ZIdParams,
        body: ZRuleApplyInput,
        response: { 200: ZRuleApplyResult },
      },
    },
    async (request) =>
      afterWrite(
        await applyRuleTemplate(app.db, request.params.id, request.body, requireAuth(request), actorOf(request)),
      ),
  );

  app.delete(
    '/rule-templates/:id/systems/:systemId',
    { config: manage, schema: { tags, params: ZRuleSystemParams, response: { 200: ZSuccess } } },
    async (request) => {
      const { id, systemId } = request.params;
      await removeRuleSystem(app.db, id, systemId, requireAuth(request), actorOf(request));
      return afterWrite({ success: true as const });
    },
  );
};
