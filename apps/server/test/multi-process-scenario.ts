import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_IOT_MESSAGE_FORMAT, type TRuleCondition } from '@mip/shared';
import mqtt from 'mqtt';
import { openDatabase, type TDatabase } from '../src/db/database.ts';
import {
  evaluateReadings,
  INITIAL_RULE_STATE,
  type TEvalReading,
} from '../src/modules/rule-templates/rule-evaluator.ts';
import {
  serverProcessOfConnection,
  startRoundRobinProxy,
  startServerProcess,
  type TRoundRobinProxy,
  type TServerProcess,
  waitUntil,
} from './server-processes.ts';

/**
 * Three server processes (the real main.ts) on one PostgreSQL database behind
 * a round-robin proxy, and what a deployment of them must show: caches that
 * hear each other's writes, one consumer per IoT queue that another process
 * replaces when it dies, and rules that count every reading once. The vitest
 * test asserts these figures; `npm run bench -- processes` prints them.
 */

const ADMIN = { email: 'admin@processes.test', password: 'Processes-Admin-2026!' };
/** Advisory lock namespace of the IoT queue consumers (consumer-supervisor.ts). */
const QUEUE_LOCK_NAMESPACE = 0x496f_5471;
/** Mosquitto keeps 1,000 messages for a consumer that is away and drops the rest: a device never runs further ahead. */
const MAX_UNSTORED = 400;
/** A queue that stores nothing for this long has lost what is missing. */
const STALL_MS = 30_000;

export interface TCluster {
  servers: TServerProcess[];
  proxy: TRoundRobinProxy;
  /** The database the processes share, for the checks. */
  db: TDatabase;
  brokerUrl: string;
  /** An administrator's session, through the proxy. */
  authorization: string;
  /** Starts one more process on the same database (joining a running deployment). */
  addServer: () => Promise<TServerProcess>;
  stop: () => Promise<void>;
}

/**
 * Starts `count` processes on `databaseUrl` (a fresh database: the first
 * process migrates it and creates the administrator before the others start,
 * as a deployment's first start does) and the proxy in front of them.
 */
export async function startCluster(databaseUrl: string, brokerUrl: string, count = 3): Promise<TCluster> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mip-processes-'));
  const servers: TServerProcess[] = [];
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: 'false',
    TRAFFIC_POLLING: 'false',
    // The broker is the test's: a process killed must not take the broker the others read from with it.
    MQTT_BROKER_PORT: '0',
    MQTT_URL: brokerUrl,
    LOG_LEVEL: 'warn',
  };
  const db = openDatabase(databaseUrl, { max: 3 });
  let started = 0;
  const addServer = async () => {
    const server = await startServerProcess(`process ${++started}`, env);
    servers.push(server);
    return server;
  };
  let proxy: TRoundRobinProxy | null = null;
  const stop = async () => {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await db.$client.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await addServer();
    await Promise.all(Array.from({ length: count - 1 }, () => addServer()));
    proxy = await startRoundRobinProxy(() => servers);
    const login = await fetch(`${proxy.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`the administrator could not sign in: ${login.status}`);
    const authorization = `Bearer ${((await login.json()) as { session: { token: string } }).session.token}`;
    return { servers, proxy, db, brokerUrl, authorization, addServer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** An API call on one process (or the proxy); throws on anything but 2xx. */
export async function call<T>(baseUrl: string, cluster: TCluster, method: string, url: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers: {
      authorization: cluster.authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const unique = () => randomBytes(4).toString('hex');

/** A map group and, in it, a system at a place with the IOT parameters named (one reader each). */
async function createSensors(cluster: TCluster, baseUrl: string, readers: string[]) {
  const group = await call<{ id: number }>(baseUrl, cluster, 'POST', '/mobility-system-groups', {
    name: `Sensores ${unique()}`,
    type: 'STATIC',
    layerType: 'DEFAULT_LAYERS',
  });
  const systems: { id: number; readerId: string }[] = [];
  for (const [i, readerId] of readers.entries()) {
    const system = await call<{ id: number }>(baseUrl, cluster, 'POST', '/mobility-systems', {
      name: `Sensor ${readerId}`,
      systemType: 'OTHER',
      parentId: group.id,
      geometry: { type: 'Point', coordinates: [-8.61, 41.15 + i * 0.001] },
      parameters: [{ name: 'Nível da água', type: 'IOT', readerId }],
    });
    systems.push({ id: system.id, readerId });
  }
  return { groupId: group.id, systems };
}

// ---------------------------------------------------------------- 1. caches

/**
 * A system added through each process in turn must appear on the public map
 * of the two others; answers the longest wait, in ms, from the write's answer
 * to the map of another process showing it.
 */
export async function measureCachePropagation(cluster: TCluster): Promise<number> {
  const { servers } = cluster;
  const mapOf = async (server: TServerProcess) => (await fetch(`${server.baseUrl}/api/map/`)).text();
  const group = await call<{ id: number }>(servers[0].baseUrl, cluster, 'POST', '/mobility-system-groups', {
    name: `Mapa ${unique()}`,
    type: 'STATIC',
    layerType: 'DEFAULT_LAYERS',
  });
  let longest = 0;
  for (const writer of servers) {
    // Every process has the map in its cache before the write, as under a visitor's polling.
    for (const server of servers) await mapOf(server);
    const name = `Paragem ${unique()}`;
    await call(writer.baseUrl, cluster, 'POST', '/mobility-systems', {
      name,
      systemType: 'OTHER',
      parentId: group.id,
      geometry: { type: 'Point', coordinates: [-8.6, 41.16] },
    });
    const writtenAt = performance.now();
    await Promise.all(
      servers
        .filter((server) => server !== writer)
        .map(async (reader) => {
          await waitUntil(
            `${reader.name}'s map showing ${name}`,
            async () => (await mapOf(reader)).includes(name),
            10_000,
          );
          longest = Math.max(longest, performance.now() - writtenAt);
        }),
    );
  }
  return Math.round(longest);
}

// ---------------------------------------------------------------- 2. IoT queues

/** The processes holding a queue's consumer lock right now. */
export async function queueConsumers(cluster: TCluster, queueId: number): Promise<TServerProcess[]> {
  const { rows } = await cluster.db.$client.query<{ client_port: number }>(
    `select a.client_port from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.classid = $1::int::oid and l.objid = $2::int::oid
        and l.objsubid = 2`,
    [QUEUE_LOCK_NAMESPACE, queueId],
  );
  return rows.flatMap((row) => serverProcessOfConnection(cluster.servers, row.client_port) ?? []);
}

/** A queue on the cluster's broker; the process it is created through consumes it first, as a rule. */
async function createQueue(cluster: TCluster, through: { baseUrl: string } = { baseUrl: cluster.proxy.url }) {
  const topic = `processes/${unique()}`;
  const queue = await call<{ id: number }>(through.baseUrl, cluster, 'POST', '/iot-queues', {
    name: `Sensores ${topic}`,
    url: cluster.brokerUrl,
    protocol: 'MQTT_3_1_1',
    topic: `${topic}/#`,
    format: { ...DEFAULT_IOT_MESSAGE_FORMAT },
    enabled: true,
  });
  await waitUntil(
    'the queue connected',
    async () => (await queueConsumers(cluster, queue.id)).length === 1 && (await isConnected(cluster, queue.id)),
    30_000,
  );
  return { id: queue.id, topic: `${topic}/device` };
}

async function isConnected(cluster: TCluster, queueId: number) {
  const queue = await call<{ status: { connected: boolean } }>(
    cluster.proxy.url,
    cluster,
    'GET',
    `/iot-queues/${queueId}`,
  );
  return queue.status.connected;
}

const storedReadings = async (cluster: TCluster, queueId: number) =>
  Number(
    (
      await cluster.db.$client.query<{ n: string }>(
        'select count(distinct (reader_id, observed_at)) as n from iot_readings where queue_id = $1',
        [queueId],
      )
    ).rows[0].n,
  );

/**
 * Publishes readings as a device would (QoS 1), never more than MAX_UNSTORED
 * ahead of what the queue stored; `onStored` hears the count now and then.
 */
async function publishReadings(
  cluster: TCluster,
  queue: { id: number; topic: string },
  readings: { readerId: string; value: number; observedAt: number }[],
  onProgress: (stored: number) => Promise<void> = async () => {},
) {
  const publisher = await mqtt.connectAsync(cluster.brokerUrl, { reconnectPeriod: 200 });
  publisher.on('error', () => {});
  try {
    const before = await storedReadings(cluster, queue.id);
    let published = 0;
    let stored = 0;
    let progressAt = Date.now();
    while (stored < readings.length) {
      if (Date.now() - progressAt > STALL_MS) {
        const { rows } = await cluster.db.$client.query<{ reason: string; n: number }>(
          'select reason, count(*)::int as n from iot_dead_letters where queue_id = $1 group by reason',
          [queue.id],
        );
        throw new Error(
          `${stored} of ${readings.length} readings stored, none for ${STALL_MS} ms; dead letters: ${JSON.stringify(rows)}`,
        );
      }
      const room = Math.min(MAX_UNSTORED - (published - stored), readings.length - published);
      const sends: Promise<unknown>[] = [];
      for (let i = 0; i < room; i++, published++) {
        const { readerId, value, observedAt } = readings[published];
        const payload = JSON.stringify({ readerId, value, timestamp: new Date(observedAt).toISOString() });
        sends.push(publisher.publishAsync(queue.topic, payload, { qos: 1 }));
      }
      await Promise.all(sends);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const now = (await storedReadings(cluster, queue.id)) - before;
      if (now > stored) progressAt = Date.now();
      stored = now;
      await onProgress(stored);
    }
  } finally {
    await publisher.endAsync();
  }
}

export interface TTakeover {
  /** How many processes held the queue at once, at most, while it was sampled. */
  mostConsumersAtOnce: number;
  /** From the SIGKILL of the consuming process to the first reading published after it being stored. */
  takeoverSeconds: number;
  killed: string;
  successor: string;
  /** Readings published, and stored (at least once each). */
  published: number;
  stored: number;
}

/**
 * A queue consumed by one process; that process is killed (SIGKILL) and
 * another takes the queue over, with the readings published meanwhile.
 */
export async function measureIotTakeover(cluster: TCluster): Promise<TTakeover> {
  const readerId = `nivel-${unique()}`;
  await createSensors(cluster, cluster.proxy.url, [readerId]);
  const queue = await createQueue(cluster);
  let mostConsumersAtOnce = 0;
  const sampleConsumers = async () => {
    const consumers = await queueConsumers(cluster, queue.id);
    mostConsumersAtOnce = Math.max(mostConsumersAtOnce, consumers.length);
    return consumers;
  };
  let sent = 0;
  const firstAt = Date.now() - 3600_000;
  const nextReadings = (count: number) =>
    Array.from({ length: count }, () => {
      sent++;
      return { readerId, value: sent, observedAt: firstAt + sent * 1000 };
    });
  await publishReadings(cluster, queue, nextReadings(200), async () => void (await sampleConsumers()));

  const [consumer] = await sampleConsumers();
  if (!consumer) throw new Error('nobody consumes the queue');
  await consumer.kill();
  const killedAt = performance.now();
  await publishReadings(cluster, queue, nextReadings(1), async () => void (await sampleConsumers()));
  const takeoverSeconds = (performance.now() - killedAt) / 1000;
  const [successor] = await sampleConsumers();
  await publishReadings(cluster, queue, nextReadings(200), async () => void (await sampleConsumers()));
  return {
    mostConsumersAtOnce,
    takeoverSeconds: Math.round(takeoverSeconds * 10) / 10,
    killed: consumer.name,
    successor: successor?.name ?? 'nobody',
    published: sent,
    stored: await storedReadings(cluster, queue.id),
  };
}

// ---------------------------------------------------------------- 3. rules

const RULE_CONDITION: TRuleCondition = { operator: 'GT', threshold: 5, holdType: 'READINGS', holdValue: 300 };
const RULE_CLEAR: TRuleCondition = { operator: 'LTE', threshold: 2, holdType: 'READINGS', holdValue: 5 };
/**
 * Each sensor's readings run in cycles: high long enough to open an event, then low long enough to clear
 * it. The long runs make the count matter: a process counting from a copy of its own opens late, or twice.
 */
const CYCLE_HIGH = 390;
const CYCLE = 400;
/** Sensors per queue: the first queue's consumer is killed; the other two keep their processes busy with rules. */
const SENSORS_PER_QUEUE = [2, 2, 1];

export interface TRuleCount {
  readings: number;
  expected: number;
  raised: number;
  /** Events raised at a reading where the rule, run alone over the stream, raises none, and the reverse. */
  unexpected: number;
  missed: number;
  /** Events left open; the stream ends low, so none should be. */
  open: number;
  killed: string;
  /** Every sensor's rule state reached its last reading. */
  countedEveryReading: boolean;
}

/**
 * `total` readings of five sensors through three queues, one created through
 * each process (which consumes it), with a rule applied to every sensor; the
 * process consuming the first queue is killed (SIGKILL) halfway through its
 * readings, and another takes it over. The events raised must be exactly
 * those the rule raises when run over the stream alone (rule-evaluator.ts,
 * the engine's own logic without I/O).
 */
export async function measureRuleEventsWithKill(cluster: TCluster, total = 10_000): Promise<TRuleCount> {
  const sensorCount = SENSORS_PER_QUEUE.reduce((sum, n) => sum + n, 0);
  const readers = Array.from({ length: sensorCount }, (_, i) => `cheia-${unique()}-${i}`);
  const { systems } = await createSensors(cluster, cluster.proxy.url, readers);
  const category = await call<{ id: number }>(cluster.proxy.url, cluster, 'POST', '/event-categories', {
    name: `Cheias ${unique()}`,
    categoryType: 'GENERIC',
  });
  const rule = await call<{ id: number }>(cluster.proxy.url, cluster, 'POST', '/rule-templates', {
    name: `Cheia ${unique()}`,
    parameterName: 'nível da água',
    condition: RULE_CONDITION,
    clearCondition: RULE_CLEAR,
    categoryId: category.id,
    priority: 'HIGH',
    isPublic: false,
    title: 'Nível alto em {{system}}',
    message: '{{value}} m',
  });
  await call(cluster.proxy.url, cluster, 'POST', `/rule-templates/${rule.id}/systems`, {
    systemIds: systems.map((system) => system.id),
  });

  const start = Date.now() - 7 * 24 * 3600_000;
  const readings = Array.from({ length: total }, (_, i) => {
    const step = Math.floor(i / readers.length);
    const isHigh = step % CYCLE < CYCLE_HIGH;
    return {
      readerId: readers[i % readers.length],
      value: isHigh ? 6 + (step % 7) / 10 : 1,
      observedAt: start + step * 1000,
    };
  });
  const expectedTriggers = new Set<string>();
  for (const readerId of readers) {
    const own: TEvalReading[] = readings.filter((r) => r.readerId === readerId);
    const rules = { condition: RULE_CONDITION, clearCondition: RULE_CLEAR };
    const { steps } = evaluateReadings(rules, INITIAL_RULE_STATE, own, { actionsOnly: true });
    for (const step of steps) {
      if (step.action === 'OPEN') expectedTriggers.add(`${readerId}@${step.reading.observedAt}`);
    }
  }

  const streams: { queue: { id: number; topic: string }; readings: typeof readings }[] = [];
  for (const [i, count] of SENSORS_PER_QUEUE.entries()) {
    const first = SENSORS_PER_QUEUE.slice(0, i).reduce((sum, n) => sum + n, 0);
    const own = new Set(readers.slice(first, first + count));
    const queue = await createQueue(cluster, cluster.servers.filter((server) => server.isRunning())[i]);
    streams.push({ queue, readings: readings.filter((reading) => own.has(reading.readerId)) });
  }
  let killed = '';
  const [victim] = streams;
  await Promise.all(
    streams.map((stream) =>
      publishReadings(cluster, stream.queue, stream.readings, async (stored) => {
        if (stream !== victim || killed || stored < stream.readings.length / 2) return;
        const [consumer] = await queueConsumers(cluster, stream.queue.id);
        if (!consumer) return;
        killed = consumer.name;
        await consumer.kill();
      }),
    ),
  );
  // Every reading counted: each sensor's rule state has reached the last of its readings (saved within a second).
  const lastObservedAt = readings[readings.length - 1].observedAt;
  // Counted even if not: which events are missing or extra says more than a timeout.
  const countedEveryReading = await waitUntil(
    'the rule counted every reading',
    async () => {
      const { rows } = await cluster.db.$client.query<{ done: boolean }>(
        `select bool_and(last_observed_at = $2::timestamptz) as done from rule_template_systems where rule_id = $1`,
        [rule.id, new Date(lastObservedAt).toISOString()],
      );
      return rows[0].done === true;
    },
    60_000,
  ).then(
    () => true,
    () => false,
  );
  const { rows } = await cluster.db.$client.query<{ reader_id: string; triggered_at: string; open: boolean }>(
    `select reader_id, readings -> -1 ->> 'observedAt' as triggered_at, cleared_at is null as open
       from rule_template_events where rule_id = $1`,
    [rule.id],
  );
  const raisedTriggers = rows.map((row) => `${row.reader_id}@${new Date(row.triggered_at).getTime()}`);
  const raisedSet = new Set(raisedTriggers);
  return {
    readings: total,
    expected: expectedTriggers.size,
    raised: rows.length,
    unexpected: raisedTriggers.filter((trigger) => !expectedTriggers.has(trigger)).length,
    missed: [...expectedTriggers].filter((trigger) => !raisedSet.has(trigger)).length,
    open: rows.filter((row) => row.open).length,
    killed,
    countedEveryReading,
  };
}
