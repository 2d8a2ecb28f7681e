import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@mip/server/src/db/embedded.ts';
import { mqttBrokerForTests } from '@mip/server/test/brokers.ts';
import {
  measureCachePropagation,
  measureIotTakeover,
  measureRuleEventsWithKill,
  startCluster,
} from '@mip/server/test/multi-process-scenario.ts';
import type { TFigureGroup } from './figures.ts';
import { progress } from './processes.ts';

/** Issue: a write through one process is on the map of the others within a second. */
export const CACHE_PROPAGATION_GOAL_MS = 1000;
/** Issue: another process consumes a queue within 10 s of its consumer's crash. */
export const IOT_TAKEOVER_GOAL_S = 10;
const READINGS = 10_000;

/**
 * Three server processes (main.ts, as `npm start` runs it) on one PostgreSQL
 * (an embedded one of the group's own, reached by DATABASE_URL as an external
 * one would be) behind a round-robin proxy: how long a write takes to reach
 * the other processes' map caches, how long an IoT queue waits for another
 * consumer after a SIGKILL, and how far the events raised from 10,000
 * readings, with the consuming process killed halfway, are from those the
 * rule calls for (goal: 0).
 */
export const processesClusterFigures: TFigureGroup = {
  name: 'processes',
  run: async () => {
    // Beside the bench's own folder, not in it: PostgreSQL runs as another user, who must reach its folder.
    const postgresDir = mkdtempSync(path.join(os.tmpdir(), 'mip-bench-processes-'));
    const postgres = await startEmbeddedPostgres(postgresDir, { persistent: false });
    const broker = await mqttBrokerForTests();
    try {
      progress(`three processes on one database, MQTT on ${broker.kind}…`);
      const cluster = await startCluster(postgres.url('postgres'), broker.url);
      try {
        const threeProcessesCachePropagationMs = await measureCachePropagation(cluster);
        progress(`cache propagation: ${threeProcessesCachePropagationMs} ms`);
        const takeover = await measureIotTakeover(cluster);
        progress(
          `IoT queue: ${takeover.killed} killed, ${takeover.successor} took over in ${takeover.takeoverSeconds} s`,
        );
        await cluster.addServer();
        const count = await measureRuleEventsWithKill(cluster, READINGS);
        progress(
          `${count.readings} readings, ${count.killed} killed halfway: ${count.raised} events raised, ` +
            `${count.expected} expected (${count.unexpected} unexpected, ${count.missed} missed, ${count.open} left open)`,
        );
        return {
          figures: {
            threeProcessesCachePropagationMs,
            threeProcessesIotTakeoverS: takeover.takeoverSeconds,
            threeProcessesIotReadingsLost: takeover.published - takeover.stored,
            threeProcessesEventsExpected: count.expected,
            threeProcessesEventsRaisedDifference: Math.abs(count.raised - count.expected) + count.unexpected,
          },
          goals: {
            threeProcessesCachePropagationMs: { atMost: CACHE_PROPAGATION_GOAL_MS },
            threeProcessesIotTakeoverS: { atMost: IOT_TAKEOVER_GOAL_S },
            threeProcessesIotReadingsLost: { atMost: 0 },
            threeProcessesEventsRaisedDifference: { atMost: 0 },
          },
        };
      } finally {
        await cluster.stop();
      }
    } finally {
      await broker.close();
      await postgres.stop();
      rmSync(postgresDir, { recursive: true, force: true });
    }
  },
};
