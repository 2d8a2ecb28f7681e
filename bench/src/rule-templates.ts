import { openDatabase, type TDatabase } from '@mip/server/src/db/database.ts';
import { readRunningEmbeddedUrl } from '@mip/server/src/db/embedded.ts';
import { ReadingBus } from '@mip/server/src/modules/iot-readings/reading-bus.ts';
import { ingestMessageBatch, type TIncomingMessage } from '@mip/server/src/modules/iot-readings/reading-ingest.ts';
import { createRuleEngine } from '@mip/server/src/modules/rule-templates/rule-listener.ts';
import { DEFAULT_IOT_MESSAGE_FORMAT } from '@mip/shared';
import type { FastifyInstance } from 'fastify';
import type { TFigureGroup } from './figures.ts';
import { ensurePlatform } from './platform-server.ts';
import { progress } from './processes.ts';

/** Issue 9: rule evaluation costs at most 20 % of ingest throughput. */
export const RULE_COST_GOAL_PERCENT = 20;
const SENSORS = 200;
const RULES = 5;
const BATCH_MESSAGES = 200;
const BATCHES_PER_ROUND = 40;
const ROUNDS = 4;

/** Sensors with an IOT parameter each, and RULES rules applied to all of them; answers their readers. */
async function loadSensorsAndRules(db: TDatabase): Promise<string[]> {
  const client = db.$client;
  const group = await client.query<{ id: number }>(
    `insert into mobility_system_groups (name, entity_id)
     values ('Bench: sensores', (select min(id) from entities where parent_id is null)) returning id`,
  );
  const readers = Array.from({ length: SENSORS }, (_, i) => `bench-sensor-${i}`);
  await client.query(
    `with s as (
       insert into mobility_systems (name, system_type, group_id, latitude, longitude, geometry)
       select 'Sensor ' || i, 'OTHER', $1, 41.15 + i * 0.0001, -8.61,
              jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(-8.61, 41.15 + i * 0.0001))
         from generate_series(0, $2 - 1) as i
       returning id, name)
     insert into mobility_system_parameters (system_id, name, type, reader_id)
     select s.id, 'Nível da água', 'IOT', 'bench-sensor-' || replace(s.name, 'Sensor ', '') from s`,
    [group.rows[0].id, SENSORS],
  );
  const category = await client.query<{ id: number }>(
    `insert into event_categories (name) values ('Bench: cheias ' || gen_random_uuid()) returning id`,
  );
  const entity = await client.query<{ id: number }>('select id from entities order by id limit 1');
  for (let r = 0; r < RULES; r++) {
    // Thresholds the readings cross now and then, held long enough that they never open an event:
    // the steady state of a rule, every reading moving its run.
    const rule = await client.query<{ id: number }>(
      `insert into rule_templates (name, parameter_name, condition, clear_condition, category_id, priority, title,
                                   message, entity_id)
       values ($1, 'nível da água', $2, $3, $4, 'HIGH', 'Cheia em {{system}}', '{{value}}', $5) returning id`,
      [
        `Bench: regra ${r}`,
        JSON.stringify({ operator: 'GT', threshold: 3 + r * 0.1, holdType: 'READINGS', holdValue: 1000 }),
        JSON.stringify({ operator: 'LTE', threshold: 2, holdType: 'READINGS', holdValue: 3 }),
        category.rows[0].id,
        entity.rows[0].id,
      ],
    );
    await client.query(
      `insert into rule_template_systems (rule_id, system_id) select $1, id from mobility_systems where group_id = $2`,
      [rule.rows[0].id, group.rows[0].id],
    );
  }
  return readers;
}

/** Readings per second through ingest (the queue consumer's transaction, then the bus) over many batches. */
async function measureIngest(db: TDatabase, bus: ReadingBus, readers: string[], startAt: number): Promise<number> {
  let clock = startAt;
  const batches = Array.from({ length: BATCHES_PER_ROUND }, () =>
    Array.from({ length: BATCH_MESSAGES }, (_, i): TIncomingMessage => {
      clock += 1000;
      const payload = JSON.stringify({
        readerId: readers[i % readers.length],
        value: 2.5 + Math.random(),
        timestamp: new Date(clock).toISOString(),
      });
      return { topic: 'bench', payload, receivedAt: new Date() };
    }),
  );
  const startedAt = performance.now();
  for (const messages of batches) {
    const outcome = await ingestMessageBatch(db, { id: 0, format: DEFAULT_IOT_MESSAGE_FORMAT }, messages);
    await bus.publish(outcome.readings);
  }
  const seconds = (performance.now() - startedAt) / 1000;
  return (BATCHES_PER_ROUND * BATCH_MESSAGES) / seconds;
}

/**
 * Rule templates: IoT ingest throughput (messages read, stored and put on the
 * parameters, then published on the reading bus) with no rule, and with
 * RULES rules applied to each of SENSORS sensors, in alternating rounds; the
 * difference is what evaluating the rules costs.
 */
export const ruleTemplateFigures: TFigureGroup = {
  name: 'rule-templates',
  run: async (context) => {
    await ensurePlatform(context);
    const db = openDatabase(await readRunningEmbeddedUrl(context.dataDir, 'mip'), { max: 3 });
    const engine = createRuleEngine({ db, log: console } as unknown as FastifyInstance);
    try {
      progress(`${SENSORS} sensors, ${RULES} rules applied to each…`);
      const readers = await loadSensorsAndRules(db);
      const plain = new ReadingBus();
      const withRules = new ReadingBus();
      withRules.subscribe(engine.handleReadings);
      let clock = Date.now() - 30 * 24 * 3600 * 1000;
      const step = BATCHES_PER_ROUND * BATCH_MESSAGES * 1000;
      /** Each round's readings come after the previous round's, a second apart. */
      const nextWindow = () => {
        clock += step;
        return clock;
      };
      await measureIngest(db, withRules, readers, nextWindow()); // warm-up: caches, plans, the rules' first load
      const without: number[] = [];
      const withRuleRates: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which goes first, so the history table's growth and the machine's other work weigh on both.
        if (round % 2 === 0) {
          without.push(await measureIngest(db, plain, readers, nextWindow()));
          withRuleRates.push(await measureIngest(db, withRules, readers, nextWindow()));
        } else {
          withRuleRates.push(await measureIngest(db, withRules, readers, nextWindow()));
          without.push(await measureIngest(db, plain, readers, nextWindow()));
        }
        progress(
          `round ${round + 1}: ${Math.round(without.at(-1) ?? 0)} vs ${Math.round(withRuleRates.at(-1) ?? 0)} readings/s`,
        );
      }
      // Total readings over total time on each side: one slow round does not decide it.
      const overall = (rates: number[]) => Math.round(rates.length / rates.reduce((sum, rate) => sum + 1 / rate, 0));
      const iotIngestReadingsPerSecond = overall(without);
      const iotIngestWithRulesReadingsPerSecond = overall(withRuleRates);
      const ruleEvaluationCostPercent =
        Math.round((1 - iotIngestWithRulesReadingsPerSecond / iotIngestReadingsPerSecond) * 1000) / 10;
      return {
        figures: { iotIngestReadingsPerSecond, iotIngestWithRulesReadingsPerSecond, ruleEvaluationCostPercent },
        goals: { ruleEvaluationCostPercent: { atMost: RULE_COST_GOAL_PERCENT } },
      };
    } finally {
      await engine.close();
      await db.$client.end();
    }
  },
};
