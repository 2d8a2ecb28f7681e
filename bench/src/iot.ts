import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { openDatabase, type TDatabase } from '@mip/server/src/db/database.ts';
import { readRunningEmbeddedUrl } from '@mip/server/src/db/embedded.ts';
import { mqttBrokerForTests, restartableMqttBroker } from '@mip/server/test/brokers.ts';
import type { TIotQueue } from '@mip/shared';
import mqtt, { type MqttClient } from 'mqtt';
import { call } from './dashboards.ts';
import type { TFigureGroup } from './figures.ts';
import { percentile } from './http-throughput.ts';
import { signInAsAdmin } from './identity-search.ts';
import { ensurePlatform } from './platform-server.ts';
import { progress } from './processes.ts';

/** Issue 9: MQTT messages ingested per second by the platform's process on one core. */
export const INGEST_GOAL_MSG_PER_S = 5000;
/** Issue 9: publish → the reading's value on its parameter, at p95. */
export const READING_TO_PARAMETER_P95_GOAL_MS = 200;
const SENSORS = 100;
const THROUGHPUT_MESSAGES = 60_000;
/**
 * Messages published but not yet stored, at most. Mosquitto holds 1,000 in
 * flight to an MQTT 5 consumer (its receive maximum) and queues 1,000 more
 * (max_queued_messages), then drops QoS 1 messages: a publisher further ahead
 * would measure the broker's losses, not the platform.
 */
const MAX_BACKLOG = 1500;
const LATENCY_WINDOW_MS = 15_000;
const PROBE_GAP_MS = 40;
const PROBE_POLL_MS = 2;
const RESTART_MESSAGES = 15_000;
const RESTART_RATE_PER_S = 1500;
const BROKER_DOWN_AT_MS = 3000;
const BROKER_DOWN_FOR_MS = 2500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "On one core": every thread of the platform's Node process (not its
 * PostgreSQL, a server of its own at scale) on CPU 0 while the group runs.
 * Answers how to undo it, or null when taskset is not there.
 */
function pinToOneCore(pid: number): (() => void) | null {
  try {
    const mask = /:\s*([0-9a-f,]+)\s*$/i.exec(execFileSync('taskset', ['-p', String(pid)], { encoding: 'utf8' }))?.[1];
    execFileSync('taskset', ['-a', '-p', '-c', '0', String(pid)], { stdio: 'ignore' });
    return () => {
      if (mask) execFileSync('taskset', ['-a', '-p', mask, String(pid)], { stdio: 'ignore' });
    };
  } catch {
    return null;
  }
}

/** A system with SENSORS IOT parameters (one reader each) and a probe parameter, created through the API. */
async function createSensors(baseUrl: string, admin: string, run: string) {
  const group = await call<{ id: number }>(baseUrl, admin, 'POST', '/mobility-system-groups', {
    name: `Bench: sensores ${run}`,
    type: 'STATIC',
    layerType: 'DEFAULT_LAYERS',
  });
  const readers = Array.from({ length: SENSORS }, (_, i) => `bench-iot-${run}-${i}`);
  const probeReader = `bench-iot-${run}-probe`;
  const system = await call<{ id: number; parameters: { id: number; readerId: string | null }[] }>(
    baseUrl,
    admin,
    'POST',
    '/mobility-systems',
    {
      name: `Bench: estação ${run}`,
      systemType: 'OTHER',
      parentId: group.id,
      geometry: { type: 'Point', coordinates: [-8.61, 41.15] },
      parameters: [...readers, probeReader].map((readerId) => ({ name: readerId, type: 'IOT', readerId })),
    },
  );
  const probe = system.parameters.find((parameter) => parameter.readerId === probeReader);
  if (!probe) throw new Error('the bench system lost its probe parameter');
  return { readers, probeReader, probeParameterId: probe.id };
}

async function createQueue(baseUrl: string, admin: string, fields: { name: string; url: string; protocol: string }) {
  const topic = `bench/${randomBytes(4).toString('hex')}/#`;
  const queue = await call<TIotQueue>(baseUrl, admin, 'POST', '/iot-queues', {
    ...fields,
    topic,
    format: { readerIdPath: '$.readerId', valuePath: '$.value', timestampPath: '$.timestamp' },
    enabled: true,
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const read = await call<TIotQueue>(baseUrl, admin, 'GET', `/iot-queues/${queue.id}`);
    if (read.status.connected) break;
    if (Date.now() > deadline) throw new Error(`queue ${queue.name} never connected: ${read.status.lastError}`);
    await sleep(100);
  }
  return { id: queue.id, topic: topic.replace('#', 'device') };
}

const storedCount = async (db: TDatabase, queueId: number, distinct = false) =>
  Number(
    (
      await db.$client.query<{ n: string }>(
        `select count(${distinct ? 'distinct value' : '*'}) as n from iot_readings where queue_id = $1`,
        [queueId],
      )
    ).rows[0].n,
  );

const reading = (readerId: string, value: number) =>
  JSON.stringify({ readerId, value, timestamp: new Date().toISOString() });

/**
 * As fast as the platform stores them: messages are published (QoS 1) while
 * fewer than MAX_BACKLOG wait to be stored, and the rate is all of them over
 * the time from the first publish to the last row in iot_readings.
 */
async function measureIngestRate(
  db: TDatabase,
  publisher: MqttClient,
  topic: string,
  queueId: number,
  readers: string[],
) {
  let published = 0;
  let stored = 0;
  const startedAt = performance.now();
  const polling = (async () => {
    while (stored < THROUGHPUT_MESSAGES) {
      stored = await storedCount(db, queueId);
      await sleep(20);
      if (performance.now() - startedAt > 300_000) throw new Error(`only ${stored} of the messages were stored`);
    }
  })();
  while (published < THROUGHPUT_MESSAGES) {
    const room = Math.min(MAX_BACKLOG - (published - stored), THROUGHPUT_MESSAGES - published);
    const sends = [];
    for (let i = 0; i < room; i++, published++) {
      sends.push(publisher.publishAsync(topic, reading(readers[published % readers.length], published), { qos: 1 }));
    }
    await Promise.all(sends);
    await sleep(5);
  }
  await polling;
  return THROUGHPUT_MESSAGES / ((performance.now() - startedAt) / 1000);
}

/**
 * Latency as the figure means it: from the moment a device's reading is
 * handed to the broker to the moment its value is on the IOT parameter the
 * system card shows (polled every PROBE_POLL_MS on the database). Probes with
 * values no other message carries go out one after another, behind a steady
 * load of `rate` messages a second on the same connection and topic.
 */
async function measureLatency(
  db: TDatabase,
  publisher: MqttClient,
  topic: string,
  readers: string[],
  probe: { readerId: string; parameterId: number },
  rate: number,
) {
  const endsAt = performance.now() + LATENCY_WINDOW_MS;
  let sent = 0;
  const load = (async () => {
    const startedAt = performance.now();
    while (performance.now() < endsAt) {
      const due = Math.floor(((performance.now() - startedAt) / 1000) * rate);
      for (; sent < due; sent++) publisher.publish(topic, reading(readers[sent % readers.length], sent), { qos: 1 });
      await sleep(5);
    }
  })();
  const latencies: number[] = [];
  // The first second warms up the plans and fills the pipeline.
  await sleep(1000);
  for (let i = 1; performance.now() < endsAt - 1000; i++) {
    const value = 1_000_000 + i + 0.25;
    const publishedAt = performance.now();
    publisher.publish(topic, reading(probe.readerId, value), { qos: 1 });
    for (;;) {
      const { rows } = await db.$client.query<{ value: string | null }>(
        'select value from mobility_system_parameters where id = $1',
        [probe.parameterId],
      );
      if (Number(rows[0]?.value) === value) break;
      if (performance.now() - publishedAt > 10_000) throw new Error(`probe ${value} never reached its parameter`);
      await sleep(PROBE_POLL_MS);
    }
    latencies.push(performance.now() - publishedAt);
    await sleep(PROBE_GAP_MS);
  }
  await load;
  return { latencies, loadRate: Math.round(sent / (LATENCY_WINDOW_MS / 1000)) };
}

/**
 * A broker restart in the middle of a steady stream: an aedes broker of the
 * bench's own (the machine's Mosquitto is shared, not ours to restart), closed
 * and started again on its port with its sessions kept, as a broker with a
 * durable store comes back. Every message the publisher sent must be stored;
 * duplicates are allowed (at least once).
 */
async function measureRestart(db: TDatabase, baseUrl: string, admin: string, run: string, readers: string[]) {
  const broker = await restartableMqttBroker();
  try {
    const queue = await createQueue(baseUrl, admin, {
      name: `Bench: restart ${run}`,
      url: broker.url,
      protocol: 'MQTT_3_1_1',
    });
    const publisher = await mqtt.connectAsync(broker.url, { reconnectPeriod: 200 });
    publisher.on('error', () => {});
    const sends: Promise<unknown>[] = [];
    const startedAt = performance.now();
    let isDown = false;
    const outage = (async () => {
      await sleep(BROKER_DOWN_AT_MS);
      isDown = true;
      await broker.stop();
      progress(`broker stopped after ${sends.length} messages; starting it again in ${BROKER_DOWN_FOR_MS} ms`);
      await sleep(BROKER_DOWN_FOR_MS);
      await broker.start();
      isDown = false;
    })();
    while (sends.length < RESTART_MESSAGES) {
      const due = Math.min(RESTART_MESSAGES, Math.floor(((performance.now() - startedAt) / 1000) * RESTART_RATE_PER_S));
      // While the broker is away mqtt.js keeps them and sends them once it is back, as a device would.
      while (sends.length < due) {
        sends.push(
          publisher.publishAsync(queue.topic, reading(readers[sends.length % readers.length], sends.length), {
            qos: 1,
          }),
        );
      }
      await sleep(5);
    }
    await outage;
    if (isDown) throw new Error('the bench broker did not come back');
    await Promise.all(sends);
    await publisher.endAsync();
    let distinct = 0;
    for (
      let last = -1, since = performance.now();
      distinct < RESTART_MESSAGES && performance.now() - since < 30_000;
    ) {
      distinct = await storedCount(db, queue.id, true);
      if (distinct !== last) [last, since] = [distinct, performance.now()];
      await sleep(200);
    }
    const rows = await storedCount(db, queue.id);
    await call(baseUrl, admin, 'DELETE', `/iot-queues/${queue.id}`);
    return { lost: RESTART_MESSAGES - distinct, duplicates: rows - distinct };
  } finally {
    await broker.close();
  }
}

/**
 * IoT message queues (issue 9), through a real broker: Mosquitto on
 * 127.0.0.1:1883 when it runs, else an aedes broker of the bench's own. A
 * queue and a system with IOT parameters are created through the API; JSON
 * readings are published at QoS 1 and counted as rows in iot_readings.
 */
export const iotFigures: TFigureGroup = {
  name: 'iot',
  run: async (context) => {
    const platform = await ensurePlatform(context);
    if (!platform.child.pid) throw new Error('the iot figures need the platform process');
    const baseUrl = platform.baseUrl;
    const admin = await signInAsAdmin(baseUrl);
    const db = openDatabase(await readRunningEmbeddedUrl(context.dataDir, 'mip'), { max: 2 });
    const broker = await mqttBrokerForTests();
    const unpin = pinToOneCore(platform.child.pid);
    progress(unpin ? 'platform process pinned to CPU 0' : 'taskset is not available: the platform is not pinned');
    const run = randomBytes(3).toString('hex');
    try {
      const { readers, probeReader, probeParameterId } = await createSensors(baseUrl, admin, run);
      // On Mosquitto, MQTT 5: the consumer's receive maximum (1,000) is its window, where 3.1.1 gets Mosquitto's
      // default of 20 in flight. aedes speaks 3.1.1 only, and sends without a window.
      const protocol = broker.kind === 'mosquitto' ? 'MQTT_5' : 'MQTT_3_1_1';
      const queue = await createQueue(baseUrl, admin, { name: `Bench: ${run}`, url: broker.url, protocol });
      const publisher = await mqtt.connectAsync(broker.url, { protocolVersion: 4 });
      progress(`broker: ${broker.kind}; ${THROUGHPUT_MESSAGES} messages as fast as they are stored…`);
      const loadBefore = os.loadavg()[0];
      const rate = await measureIngestRate(db, publisher, queue.topic, queue.id, readers);
      progress(`${Math.round(rate)} messages/s`);
      const latencyRate = Math.round(Math.min(INGEST_GOAL_MSG_PER_S, rate * 0.8));
      progress(`reading → parameter latency under ${latencyRate} messages/s for ${LATENCY_WINDOW_MS / 1000} s…`);
      const latency = await measureLatency(
        db,
        publisher,
        queue.topic,
        readers,
        { readerId: probeReader, parameterId: probeParameterId },
        latencyRate,
      );
      const loadAfter = os.loadavg()[0];
      await publisher.endAsync();
      await call(baseUrl, admin, 'DELETE', `/iot-queues/${queue.id}`);
      progress(`broker restart in the middle of ${RESTART_MESSAGES} messages…`);
      const restart = await measureRestart(db, baseUrl, admin, run, readers);
      const sorted = Float64Array.from(latency.latencies).sort();
      return {
        figures: {
          iotIngestMsgPerSecond: Math.round(rate),
          iotReadingToParameterP95Ms: Math.round(percentile(sorted, 0.95) * 10) / 10,
          iotReadingToParameterMedianMs: Math.round(percentile(sorted, 0.5) * 10) / 10,
          iotLatencyProbes: sorted.length,
          iotLatencyLoadMsgPerSecond: latency.loadRate,
          iotRestartLostMessages: restart.lost,
          iotRestartDuplicates: restart.duplicates,
          iotOnMosquitto: broker.kind === 'mosquitto' ? 1 : 0,
          iotPinnedToOneCore: unpin ? 1 : 0,
          // The machine is shared: what else ran while the figures were taken.
          iotLoadAverage1m: Math.round(((loadBefore + loadAfter) / 2) * 100) / 100,
        },
        goals: {
          iotIngestMsgPerSecond: { atLeast: INGEST_GOAL_MSG_PER_S },
          iotReadingToParameterP95Ms: { atMost: READING_TO_PARAMETER_P95_GOAL_MS },
          iotRestartLostMessages: { atMost: 0 },
        },
      };
    } finally {
      unpin?.();
      await broker.close();
      await db.$client.end();
    }
  },
};
