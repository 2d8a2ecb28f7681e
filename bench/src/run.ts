/**
 * `npm run bench`: prints one JSON object of figures on stdout (progress on
 * stderr). Every figure group lives in its own file and is listed below; the
 * bench only talks to 127.0.0.1 and stops every process it started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dashboardFigures } from './dashboards.ts';
import { dbFaultFigures } from './db-faults.ts';
import { eventFigures } from './events.ts';
import { goalValue, meetsGoal, type TBenchContext, type TFigureGroup } from './figures.ts';
import { gtfsFigures } from './gtfs.ts';
import { httpThroughputFigures } from './http-throughput.ts';
import { identitySearchFigures } from './identity-search.ts';
import { iotFigures } from './iot.ts';
import { mapFigures } from './map.ts';
import { mapNationalFigures } from './map-national.ts';
import { mapVitalsFigures } from './map-vitals.ts';
import { killAllNow, progress, stopAll } from './processes.ts';
import { processesClusterFigures } from './processes-cluster.ts';
import { ruleTemplateFigures } from './rule-templates.ts';
import { startupFigures } from './startup.ts';

const GROUPS: TFigureGroup[] = [
  startupFigures,
  httpThroughputFigures,
  identitySearchFigures,
  gtfsFigures,
  mapVitalsFigures,
  // Before the map group: its /map/ figures are then taken with the 2,000 live events among the systems.
  eventFigures,
  mapFigures,
  // After map (whose counts it would swell): every stop of the country on the platform.
  mapNationalFigures,
  // After events: its widgets then count among 100,000 events.
  dashboardFigures,
  ruleTemplateFigures,
  iotFigures,
  processesClusterFigures,
  // Last: it kills a database (of a platform of its own).
  dbFaultFigures,
];

/** `npm run bench -- startup identity-search` runs only the groups named; no names runs them all. */
function selectedGroups(names: string[]): TFigureGroup[] {
  if (names.length === 0) return GROUPS;
  const unknown = names.filter((name) => !GROUPS.some((group) => group.name === name));
  if (unknown.length > 0) {
    throw new Error(`unknown bench group(s) ${unknown.join(', ')}; known: ${GROUPS.map((g) => g.name).join(', ')}`);
  }
  return GROUPS.filter((group) => names.includes(group.name));
}

async function main() {
  const groups = selectedGroups(process.argv.slice(2));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mip-bench-'));
  const context: TBenchContext = { dataDir, platform: null };
  const figures: Record<string, number> = {};
  const goals: Record<string, number> = {};
  const meetsGoals: Record<string, boolean> = {};
  const startedAt = performance.now();
  try {
    for (const group of groups) {
      progress(`— ${group.name}`);
      const result = await group.run(context);
      Object.assign(figures, result.figures);
      for (const [name, goal] of Object.entries(result.goals)) {
        goals[name] = goalValue(goal);
        meetsGoals[name] = meetsGoal(result.figures[name], goal);
      }
    }
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const machine = { node: process.version, cpus: os.availableParallelism(), platform: `${os.platform()}-${os.arch()}` };
  const benchSeconds = Math.round((performance.now() - startedAt) / 1000);
  process.stdout.write(`${JSON.stringify({ ...figures, goals, meetsGoals, machine, benchSeconds }, null, 2)}\n`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAllNow();
    process.exit(130);
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    progress(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    killAllNow();
    process.exit(1);
  },
);
