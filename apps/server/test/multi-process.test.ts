import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mqttBrokerForTests } from './brokers.ts';
import {
  measureCachePropagation,
  measureIotTakeover,
  measureRuleEventsWithKill,
  startCluster,
  type TCluster,
} from './multi-process-scenario.ts';
import { createTestDatabase } from './test-app.ts';

/**
 * What the README promises of several server processes on one database,
 * with three real ones (main.ts, as `npm start` runs it) behind a round-robin
 * proxy: the local Mosquitto when it runs, else an aedes broker of the test's.
 */
let cluster: TCluster | null = null;
let broker: Awaited<ReturnType<typeof mqttBrokerForTests>> | null = null;

beforeAll(async () => {
  broker = await mqttBrokerForTests();
  cluster = await startCluster(await createTestDatabase(), broker.url);
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await broker?.close();
}, 60_000);

const running = () => {
  if (!cluster) throw new Error('the processes did not start');
  return cluster;
};

describe('three server processes on one database', () => {
  it('shows a write made through one process on the map of every other within a second', async () => {
    expect(await measureCachePropagation(running())).toBeLessThanOrEqual(1000);
  }, 60_000);

  it('consumes an IoT queue in one process at a time, and another takes it over within 10 s of a crash', async () => {
    const takeover = await measureIotTakeover(running());
    expect(takeover.mostConsumersAtOnce).toBe(1);
    expect(takeover.successor).not.toBe(takeover.killed);
    expect(takeover.successor).not.toBe('nobody');
    expect(takeover.takeoverSeconds).toBeLessThanOrEqual(10);
    // Nothing the device published while nobody consumed is lost.
    expect(takeover.stored).toBe(takeover.published);
    // Three again for what follows, as a deployment replaces the process it lost.
    await running().addServer();
  }, 120_000);

  it('raises exactly the events the rule calls for from 10,000 readings, with the consuming process killed halfway', async () => {
    const count = await measureRuleEventsWithKill(running());
    expect(count.killed).not.toBe('');
    expect(count).toMatchObject({
      raised: count.expected,
      unexpected: 0,
      missed: 0,
      open: 0,
      countedEveryReading: true,
    });
    expect(count.expected).toBeGreaterThanOrEqual(20);
  }, 180_000);
});
