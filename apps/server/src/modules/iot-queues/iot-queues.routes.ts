import {
  ZIdParams,
  ZIotDeadLetter,
  ZIotDeadLetterParams,
  ZIotDeadLetterSearchQuery,
  ZIotQueue,
  ZIotQueueInput,
  ZIotQueueSearchQuery,
  ZIotReplayResult,
  ZIotTestMessageInput,
  ZPagedList,
  ZSuccess,
} from '@mip/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/audit.ts';
import { deleteDeadLetters, replayDeadLetters, searchDeadLetters } from './dead-letters.service.ts';
import {
  createIotQueue,
  deleteIotQueue,
  readIotQueue,
  searchIotQueues,
  sendTestMessage,
  updateIotQueue,
} from './iot-queues.service.ts';

/** /iot-queue in the console (spec 000 §2, MANAGE_MESSAGE_QUEUES): brokers, live status, test messages, dead letters. */
export const iotQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['iot-queues'];
  const manage = { rule: { all: ['MANAGE_MESSAGE_QUEUES'] } } as const;
  // An edit starts, restarts or stops this process's consumer at once rather than at the next look.
  const applyChanges = () => app.iotConsumers.reconcile().then(() => app.iotConsumers.writeStatus());

  app.get(
    '/iot-queues/search',
    {
      config: manage,
      schema: {
        tags,
        description: 'Queues with the live status of their consumer (the screen polls it).',
        querystring: ZIotQueueSearchQuery,
        response: { 200: ZPagedList(ZIotQueue) },
      },
    },
    async (request) => searchIotQueues(app.db, request.query),
  );

  app.get(
    '/iot-queues/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZIotQueue } } },
    async (request) => readIotQueue(app.db, request.params.id),
  );

  app.post(
    '/iot-queues',
    {
      config: manage,
      schema: {
        tags,
        description: 'The password is stored encrypted and never sent back (hasPassword says whether one is set).',
        body: ZIotQueueInput,
        response: { 200: ZIotQueue },
      },
    },
    async (request) => {
      const queue = await createIotQueue(app.db, request.body, app.secrets, actorOf(request));
      await applyChanges();
      return readIotQueue(app.db, queue.id);
    },
  );

  app.put(
    '/iot-queues/:id',
    {
      config: manage,
      schema: {
        tags,
        description: 'A password left out or null keeps the stored one; an empty one removes it.',
        params: ZIdParams,
        body: ZIotQueueInput,
        response: { 200: ZIotQueue },
      },
    },
    async (request) => {
      await updateIotQueue(app.db, request.params.id, request.body, app.secrets, actorOf(request));
      await applyChanges();
      return readIotQueue(app.db, request.params.id);
    },
  );

  app.delete(
    '/iot-queues/:id',
    { config: manage, schema: { tags, params: ZIdParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteIotQueue(app.db, request.params.id, actorOf(request));
      await applyChanges();
      return { success: true as const };
    },
  );

  app.post(
    '/iot-queues/:id/test-message',
    {
      config: manage,
      schema: {
        tags,
        description:
          "Publishes the payload to the queue's broker (MQTT QoS 1 on its topic, wildcards read as 'test'; AMQP " +
          'persistent to its queue), so it is consumed like any device message. BROKER_UNREACHABLE (502) when the ' +
          'broker does not take it.',
        params: ZIdParams,
        body: ZIotTestMessageInput,
        response: { 200: ZSuccess },
      },
    },
    async (request) => {
      await sendTestMessage(app.db, request.params.id, request.body.payload, app.secrets, actorOf(request));
      return { success: true as const };
    },
  );

  app.get(
    '/iot-queues/:id/dead-letters',
    {
      config: manage,
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZIotDeadLetterSearchQuery,
        response: { 200: ZPagedList(ZIotDeadLetter) },
      },
    },
    async (request) => searchDeadLetters(app.db, request.params.id, request.query),
  );

  app.post(
    '/iot-queues/:id/dead-letters/replay',
    {
      config: manage,
      schema: {
        tags,
        description: 'Reads the oldest 1000 dead letters again with the queue as it is now.',
        params: ZIdParams,
        response: { 200: ZIotReplayResult },
      },
    },
    async (request) => replayDeadLetters(app.db, app.readingBus, request.params.id, null, actorOf(request)),
  );

  app.post(
    '/iot-queues/:id/dead-letters/:letterId/replay',
    { config: manage, schema: { tags, params: ZIotDeadLetterParams, response: { 200: ZIotReplayResult } } },
    async (request) =>
      replayDeadLetters(app.db, app.readingBus, request.params.id, request.params.letterId, actorOf(request)),
  );

  app.delete(
    '/iot-queues/:id/dead-letters',
    {
      config: manage,
      schema: { tags, params: ZIdParams, response: { 200: z.object({ deleted: z.number().int() }) } },
    },
    async (request) => ({ deleted: await deleteDeadLetters(app.db, request.params.id, null, actorOf(request)) }),
  );

  app.delete(
    '/iot-queues/:id/dead-letters/:letterId',
    { config: manage, schema: { tags, params: ZIotDeadLetterParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteDeadLetters(app.db, request.params.id, request.params.letterId, actorOf(request));
      return { success: true as const };
    },
  );
};
