import { randomBytes } from 'node:crypto';
import type { TIotQueue } from '@mip/shared';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amqpUrlForTests, mqttBrokerForTests, restartableMqttBroker } from '../../../test/brokers.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { createMobilitySystem } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { mobilitySystemParameters } from '../../db/schema/index.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');
let api: TCaller;
let mqttBroker: Awaited<ReturnType<typeof mqttBrokerForTests>>;
let amqpUrl: string | null;

beforeAll(async () => {
  const manager = await signInNewUser(t, { permissions: ['MANAGE_MESSAGE_QUEUES'] });
  api = callerOf(t, manager.authorization);
  mqttBroker = await mqttBrokerForTests();
  amqpUrl = await amqpUrlForTests();
});
afterAll(() => mqttBroker?.close());

async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A system with an IOT parameter fed by a fresh reader id. */
async function sensor() {
  const readerId = `reader-${unique()}`;
  const system = await createMobilitySystem(t.db, { systemType: 'OTHER' });
  const [parameter] = await t.db
    .insert(mobilitySystemParameters)
    .values({ systemId: system.id, name: 'Temperatura', type: 'IOT', readerId })
    .returning();
  return { readerId, system, parameter };
}

const parameterValue = async (id: number) =>
  (await t.db.$client.query('select value from mobility_system_parameters where id = $1', [id])).rows[0].value as
    | string
    | null;

async function createQueue(overrides: Record<string, unknown>): Promise<TIotQueue> {
  const response = await api.post('/iot-queues', {
    name: `Fila ${unique()}`,
    protocol: 'MQTT_3_1_1',
    url: mqttBroker.url,
    topic: `mip-test/${unique()}/#`,
    format: { readerIdPath: '$.readerId', valuePath: '$.value', timestampPath: '$.timestamp' },
    enabled: true,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const readQueue = async (id: number) => (await api.get(`/iot-queues/${id}`)).json() as TIotQueue;
const whenConnected = (id: number) =>
  until(
    () => readQueue(id),
    (queue) => queue.status.connected,
  );

describe('queues', () => {
  it('requires MANAGE_MESSAGE_QUEUES', async () => {
    const other = await signInNewUser(t, { permissions: ['MANAGE_LAYERS'] });
    expect((await callerOf(t, other.authorization).get('/iot-queues/search')).statusCode).toBe(403);
    expect((await callerOf(t, '').get('/iot-queues/search')).statusCode).toBe(401);
  });

  it('stores the password encrypted, never sends it back, and keeps it when left out', async () => {
    const queue = await createQueue({ username: 'sensor', password: 's3cret-pass', enabled: false });
    expect(queue.hasPassword).toBe(true);
    expect(JSON.stringify(queue)).not.toContain('s3cret-pass');
    const { rows } = await t.db.$client.query('select password_encrypted from iot_queues where id = $1', [queue.id]);
    expect(rows[0].password_encrypted).toMatch(/^v1:/);
    expect(rows[0].password_encrypted).not.toContain('s3cret-pass');
    const { password: _password, ...withoutPassword } = { ...queue, password: undefined };
    const updated = await api.put(`/iot-queues/${queue.id}`, { ...withoutPassword, name: `${queue.name} b` });
    expect(updated.json().hasPassword).toBe(true);
    const audit = await t.db.$client.query(
      "select after::text from audit_log where record_type = 'iot_queue' and record_id = $1",
      [String(queue.id)],
    );
    expect(audit.rows.map((row) => row.after).join()).not.toContain('s3cret-pass');
  });

  it('refuses credentials in the URL and a topic filter MQTT would not take', async () => {
    const response = await api.post('/iot-queues', {
      name: 'x',
      protocol: 'MQTT_5',
      url: 'mqtt://user:pw@127.0.0.1:1883',
      topic: 'a/#/b',
      format: { readerIdPath: 'readerId', valuePath: '$.value' },
      enabled: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { property: 'url', error: 'URL_WITH_CREDENTIALS' },
        { property: 'topic', error: 'INVALID_TOPIC' },
        { property: 'format.readerIdPath', error: 'INVALID_JSON_PATH' },
      ]),
    );
  });
});

describe('MQTT ingest', () => {
  it('a reading sent as a test message reaches the parameter, the history and the system card', async () => {
    const { readerId, system, parameter } = await sensor();
    const queue = await createQueue({ protocol: 'MQTT_5' });
    expect((await whenConnected(queue.id)).status.connected).toBe(true);
    const payload = JSON.stringify({ readerId, value: 21.5, timestamp: new Date().toISOString() });
    const sent = await api.post(`/iot-queues/${queue.id}/test-message`, { payload });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(
      await until(
        () => parameterValue(parameter.id),
        (value) => value === '21.5',
      ),
    ).toBe('21.5');
    const card = await callerOf(t, '').get(`/mobility-system/${system.id}/readings?hours=1`);
    expect(card.json()).toEqual([
      expect.objectContaining({
        readerId,
        latest: expect.objectContaining({ value: 21.5 }),
        points: [expect.anything()],
      }),
    ]);
  });

  it('keeps the latest observed value when messages arrive out of order', async () => {
    const { readerId, parameter } = await sensor();
    const queue = await createQueue({});
    await whenConnected(queue.id);
    const publisher = await mqtt.connectAsync(mqttBroker.url);
    const topic = queue.topic.replace('#', 'device');
    await publisher.publishAsync(topic, JSON.stringify({ readerId, value: 2, timestamp: '2030-01-01T10:00:00Z' }), {
      qos: 1,
    });
    await publisher.publishAsync(topic, JSON.stringify({ readerId, value: 1, timestamp: '2030-01-01T09:00:00Z' }), {
      qos: 1,
    });
    await publisher.endAsync();
    await until(
      async () =>
        (await t.db.$client.query('select count(*)::int as n from iot_readings where reader_id = $1', [readerId]))
          .rows[0].n,
      (n) => n === 2,
    );
    expect(await parameterValue(parameter.id)).toBe('2');
  });

  it('puts malformed messages and unknown readers in dead letters, and a replay stores them once the reader exists', async () => {
    const queue = await createQueue({});
    await whenConnected(queue.id);
    const lateReader = `late-${unique()}`;
    await api.post(`/iot-queues/${queue.id}/test-message`, { payload: '{not json' });
    await api.post(`/iot-queues/${queue.id}/test-message`, {
      payload: JSON.stringify({ readerId: lateReader, value: 5 }),
    });
    const letters = await until(
      async () => (await api.get(`/iot-queues/${queue.id}/dead-letters`)).json(),
      (page) => page.totalItems === 2,
    );
    expect(letters.content.map((letter: { reason: string }) => letter.reason).sort()).toEqual([
      'INVALID_JSON',
      'UNKNOWN_READER',
    ]);
    expect((await readQueue(queue.id)).status.deadLetterCount).toBe(2);

    const system = await createMobilitySystem(t.db, { systemType: 'OTHER' });
    const [parameter] = await t.db
      .insert(mobilitySystemParameters)
      .values({ systemId: system.id, name: 'Caudal', type: 'IOT', readerId: lateReader })
      .returning();
    const replay = await api.post(`/iot-queues/${queue.id}/dead-letters/replay`);
    expect(replay.json()).toEqual({ replayed: 1, stillFailing: 1, readings: 1 });
    expect(await parameterValue(parameter.id)).toBe('5');
    const left = (await api.get(`/iot-queues/${queue.id}/dead-letters`)).json();
    expect(left.content).toEqual([expect.objectContaining({ reason: 'INVALID_JSON', replayCount: 1 })]);
    expect((await api.delete(`/iot-queues/${queue.id}/dead-letters/${left.content[0].id}`)).statusCode).toBe(200);
    expect((await api.get(`/iot-queues/${queue.id}/dead-letters`)).json().totalItems).toBe(0);
  });

  it('says when the broker cannot be reached', async () => {
    const queue = await createQueue({ url: 'mqtt://127.0.0.1:1', enabled: false });
    const response = await api.post(`/iot-queues/${queue.id}/test-message`, { payload: '{}' });
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe('BROKER_UNREACHABLE');
  });
});

describe('broker restart', () => {
  it('reconnects and loses no QoS 1 message sent while the broker was down', async () => {
    const broker = await restartableMqttBroker();
    try {
      const { readerId } = await sensor();
      const queue = await createQueue({ url: broker.url });
      await whenConnected(queue.id);
      const topic = queue.topic.replace('#', 'device');
      const publisher = await mqtt.connectAsync(broker.url, { reconnectPeriod: 200 });
      for (let i = 0; i < 50; i++)
        await publisher.publishAsync(topic, JSON.stringify({ readerId, value: i }), { qos: 1 });
      await broker.stop();
      // Published while the broker is away: mqtt.js keeps them until it reconnects.
      const pending = Array.from({ length: 50 }, (_, i) =>
        publisher.publishAsync(topic, JSON.stringify({ readerId, value: 50 + i }), { qos: 1 }),
      );
      const whileDown = await until(
        () => readQueue(queue.id),
        (read) => !read.status.connected,
      );
      expect(whileDown.status.connected).toBe(false);
      await broker.start();
      await Promise.all(pending);
      await publisher.endAsync();
      const stored = await until(
        async () =>
          (
            await t.db.$client.query('select count(distinct value)::int as n from iot_readings where reader_id = $1', [
              readerId,
            ])
          ).rows[0].n,
        (n) => n === 100,
        30_000,
      );
      expect(stored).toBe(100);
      const status = await whenConnected(queue.id);
      expect(status.status.errorCount).toBeGreaterThan(0);
    } finally {
      await broker.close();
    }
  }, 60_000);
});

describe('AMQP ingest', () => {
  it('a reading through RabbitMQ updates the parameter', async (context) => {
    if (!amqpUrl) return context.skip('no RabbitMQ reachable on 127.0.0.1:5672');
    const { readerId, parameter } = await sensor();
    const queue = await createQueue({
      protocol: 'AMQP_0_9_1',
      url: amqpUrl,
      username: 'guest',
      password: 'guest',
      topic: `mip-test-${unique()}`,
    });
    expect((await whenConnected(queue.id)).status.connected).toBe(true);
    const sent = await api.post(`/iot-queues/${queue.id}/test-message`, {
      payload: JSON.stringify({ readerId, value: 7.25 }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(
      await until(
        () => parameterValue(parameter.id),
        (value) => value === '7.25',
      ),
    ).toBe('7.25');
    await api.delete(`/iot-queues/${queue.id}`);
  });
});
