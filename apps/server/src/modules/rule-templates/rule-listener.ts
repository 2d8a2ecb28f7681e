import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createNotifiedCache, listenForChanges } from '../../db/change-listener.ts';
import type { TExecutor } from '../../db/database.ts';
import type { TStoredReading } from '../iot-readings/reading-bus.ts';
import { createReaderOwnership } from './reader-ownership.ts';
import { evaluateReadings, type TEvalReading, type TRuleDefinition, type TRuleRunState } from './rule-evaluator.ts';
import { raiseRuleEvent, resolveRuleEvent, type TRuleTarget } from './rule-events.service.ts';
import { ruleReaderIdSql } from './rule-reader.ts';

/** Rules, their systems or their state changed (a write of this module, in any server process). */
export const RULES_CHANGED_CHANNEL = 'mip_rule_templates_changed';
/** Systems and their parameters changed: a reader may have moved to another system. */
const SYSTEMS_CHANGED_CHANNEL = 'mip_map_changed';
/** A safety net should a notification be missed. */
const MAX_AGE_MS = 60_000;

export async function announceRulesChanged(writer: Pick<TExecutor, 'execute'>): Promise<void> {
  await writer.execute(sql`select pg_notify(${RULES_CHANGED_CHANNEL}, '')`);
}

/** One applied rule on one system, with where it stands: held in memory between batches. */
interface TBinding extends TRuleTarget {
  definition: TRuleDefinition;
  eventId: number | null;
  state: TRuleRunState;
  appliedAt: number;
  /** When this copy was read: a rule changed since then starts afresh, so this copy is not saved over it. */
  loadedAt: number;
}

type TBindingRow = {
  rule_id: number;
  system_id: number;
  reader_id: string;
  event_id: number | null;
  run_count: number;
  run_since: Date | null;
  run_readings: { value: number; observedAt: string }[];
  last_value: number | null;
  last_observed_at: Date | null;
  applied_at: Date;
  name: string;
  parameter_name: string;
  condition: TRuleDefinition['condition'];
  clear_condition: TRuleDefinition['condition'];
  category_id: number;
  priority: TRuleTarget['rule']['priority'];
  direction: TRuleTarget['rule']['direction'];
  sub_type: TRuleTarget['rule']['subType'];
  is_public: boolean;
  title: string;
  message: string;
  entity_id: number;
  system_name: string;
  geometry: TRuleTarget['system']['geometry'];
  latitude: number | null;
  longitude: number | null;
};

const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

function toBinding(row: TBindingRow): TBinding {
  const condition = row.condition;
  return {
    ruleId: row.rule_id,
    systemId: row.system_id,
    readerId: row.reader_id,
    rule: {
      name: row.name,
      parameterName: row.parameter_name,
      condition,
      categoryId: row.category_id,
      priority: row.priority,
      direction: row.direction,
      subType: row.sub_type,
      isPublic: row.is_public,
      title: row.title,
      message: row.message,
      entityId: row.entity_id,
    },
    system: { name: row.system_name, geometry: row.geometry, latitude: row.latitude, longitude: row.longitude },
    definition: { condition, clearCondition: row.clear_condition },
    eventId: row.event_id,
    appliedAt: new Date(row.applied_at).getTime(),
    loadedAt: Date.now(),
    state: {
      isOpen: row.event_id !== null,
      runCount: row.run_count,
      runSince: time(row.run_since),
      runReadings: row.run_readings.map((reading) => ({
        value: reading.value,
        observedAt: time(reading.observedAt) ?? 0,
      })),
      lastValue: row.last_value,
      lastObservedAt: time(row.last_observed_at),
    },
  };
}

/**
 * Every active rule applied to an active system, with the reader behind the
 * rule's IOT parameter there (the first by position when several share the
 * name), and the saved state. Keyed by reader.
 */
async function loadBindings(db: TExecutor, readerIds: string[] | null = null): Promise<Map<string, TBinding[]>> {
  const { rows } = await db.execute<TBindingRow>(
    sql`select a.rule_id, a.system_id, p.reader_id, a.event_id, a.run_count, a.run_since, a.run_readings,
               a.last_value, a.last_observed_at, a.applied_at, r.name, r.parameter_name, r.condition, r.clear_condition,
               r.category_id, r.priority, r.direction, r.sub_type, r.is_public, r.title, r.message, r.entity_id,
               s.name as system_name, s.geometry, s.latitude, s.longitude
          from rule_template_systems a
          join rule_templates r on r.id = a.rule_id and r.active
          join mobility_systems s on s.id = a.system_id and s.active
          join lateral (select ${ruleReaderIdSql(sql`a.system_id`, sql`r.parameter_name`)} as reader_id) p
            on p.reader_id is not null
               ${readerIds === null ? sql`` : sql`and p.reader_id = any(${sql.param(readerIds)}::text[])`}`,
  );
  const byReader = new Map<string, TBinding[]>();
  for (const row of rows) {
    const binding = toBinding(row);
    const list = byReader.get(binding.readerId);
    if (list) list.push(binding);
    else byReader.set(binding.readerId, [binding]);
  }
  return byReader;
}

/** Writes the state of the bindings a batch moved, all in one statement. */
async function saveStates(db: TExecutor, bindings: TBinding[]): Promise<void> {
  const records = bindings.map((binding) => ({
    rule_id: binding.ruleId,
    system_id: binding.systemId,
    event_id: binding.eventId,
    run_count: binding.state.runCount,
    run_since: binding.state.runSince === null ? null : new Date(binding.state.runSince).toISOString(),
    run_readings: binding.state.runReadings.map((reading) => ({
      value: reading.value,
      observedAt: new Date(reading.observedAt).toISOString(),
    })),
    last_value: binding.state.lastValue,
    last_observed_at:
      binding.state.lastObservedAt === null ? null : new Date(binding.state.lastObservedAt).toISOString(),
    loaded_at: new Date(binding.loadedAt).toISOString(),
  }));
  // The event may have been deleted by an operator meanwhile: then it is forgotten, not a broken reference.
  await db.execute(
    sql`update rule_template_systems a
           set event_id = (select e.id from events e where e.id = x.event_id), run_count = x.run_count,
               run_since = x.run_since, run_readings = x.run_readings, last_value = x.last_value,
               last_observed_at = x.last_observed_at
          from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(rule_id int, system_id int, event_id int,
               run_count int, run_since timestamptz, run_readings jsonb, last_value float8,
               last_observed_at timestamptz, loaded_at timestamptz)
         where a.rule_id = x.rule_id and a.system_id = x.system_id
           and (select r.updated_at from rule_templates r where r.id = a.rule_id) <= x.loaded_at`,
  );
}

export interface TRuleEngine {
  /** Runs a batch of stored readings through every rule applied to their readers. */
  handleReadings: (readings: TStoredReading[]) => Promise<void>;
  /** Drops the cached rules and states (after a write of this process; others hear the notification). */
  invalidate: () => void;
  /** Saves the states moved since the last save (tests and shutdown). */
  flush: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * How often moved states are saved: what the console's systems table lags by, and what a new owner
 * replays from the readings history, at most. Saving every batch would cost more than the rules themselves.
 */
const SAVE_INTERVAL_MS = 1000;
/** A restart replays at most this many readings (a safety bound after a long outage). */
const REPLAY_MAX_READINGS = 100_000;
/**
 * Readings another process stored for a reader this one counts: their readers' ids, as a JSON array, so
 * the owner counts them from the history. An empty payload (a listener reconnected) means "look at all".
 */
const READINGS_ELSEWHERE_CHANNEL = 'mip_rule_readings_elsewhere';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const NOTIFY_PAYLOAD_MAX = 7000;

type TReplayRow = { reader_id: string; value: number; observed_at: Date };

/**
 * The stored readings each reader has had since its rules last saved their
 * state (or, for a rule never saved there, since it was applied), oldest first.
 */
async function readingsSinceLastSave(db: TExecutor, byReader: Map<string, TBinding[]>) {
  const readers: string[] = [];
  const since: (string | null)[] = [];
  const applied: string[] = [];
  for (const [readerId, bindings] of byReader) {
    const saved = bindings.map((binding) => binding.state.lastObservedAt);
    readers.push(readerId);
    since.push(saved.some((at) => at === null) ? null : new Date(Math.min(...(saved as number[]))).toISOString());
    applied.push(new Date(Math.min(...bindings.map((binding) => binding.appliedAt))).toISOString());
  }
  if (readers.length === 0) return new Map<string, TEvalReading[]>();
  const { rows } = await db.execute<TReplayRow>(
    sql`select i.reader_id, i.value, i.observed_at
          from unnest(${sql.param(readers)}::text[], ${sql.param(since)}::timestamptz[],
                      ${sql.param(applied)}::timestamptz[]) as r(reader_id, since, applied_at)
          join iot_readings i on i.reader_id = r.reader_id
         where (r.since is null and i.received_at >= r.applied_at) or i.observed_at > r.since
         order by i.observed_at, i.id limit ${REPLAY_MAX_READINGS}`,
  );
  const byReaderReadings = new Map<string, TEvalReading[]>();
  for (const row of rows) {
    const list = byReaderReadings.get(row.reader_id) ?? [];
    list.push({ value: row.value, observedAt: new Date(row.observed_at).getTime() });
    byReaderReadings.set(row.reader_id, list);
  }
  return byReaderReadings;
}

/** Reader ids in NOTIFY payloads small enough for PostgreSQL. */
function notifyPayloads(readerIds: string[]): string[] {
  const payloads: string[] = [];
  let chunk: string[] = [];
  for (const readerId of readerIds) {
    if (chunk.length > 0 && JSON.stringify([...chunk, readerId]).length > NOTIFY_PAYLOAD_MAX) {
      payloads.push(JSON.stringify(chunk));
      chunk = [];
    }
    chunk.push(readerId);
  }
  if (chunk.length > 0) payloads.push(JSON.stringify(chunk));
  return payloads;
}

/**
 * The rules as the bus sees them. A batch costs no query when none of its
 * readers has a rule. Of several server processes, only the owner of a
 * reader (see reader-ownership.ts) counts its readings: a process handed
 * readings of a reader another one owns leaves them to the owner, which reads
 * them from the history, so no two processes ever count from copies of their
 * own. The owner keeps the states in memory and saves those moved every
 * SAVE_INTERVAL_MS; an event opened or resolved saves its rule's state with
 * it. A new owner (after a restart, a crash, a queue moving to another
 * process) starts from the saved states and replays the readings stored
 * since, so nothing is lost or counted twice. Batches run one at a time, so
 * the in-memory state is never moved by two at once.
 */
export function createRuleEngine(app: Pick<FastifyInstance, 'db' | 'log'>): TRuleEngine {
  const moved = new Set<TBinding>();
  let lastSave = Date.now();
  let saveTimer: NodeJS.Timeout | null = null;
  let queue: Promise<void> = Promise.resolve();
  const ownership = createReaderOwnership(app.db, () => {
    // What was counted since the last save is in the history: the next owner, this process or another, replays it.
    moved.clear();
    cache.invalidate();
  });

  async function apply(binding: TBinding, action: 'OPEN' | 'RESOLVE', evidence: TEvalReading[]) {
    const writer = await ownership.executor();
    try {
      if (action === 'OPEN') {
        binding.eventId = await writer.transaction((tx) => raiseRuleEvent(tx, binding, evidence));
      } else if (binding.eventId !== null) {
        const eventId = binding.eventId;
        await writer.transaction((tx) =>
          resolveRuleEvent(tx, { ...binding, ruleName: binding.rule.name }, eventId, evidence),
        );
        binding.eventId = null;
      }
    } catch (error) {
      // A rule that cannot raise its event (inactive category, a system with no place) must not block ingest:
      // it is logged, and the rule tries again once the condition has held anew.
      app.log.warn(
        { err: error, ruleId: binding.ruleId, systemId: binding.systemId },
        `Rule could not ${action.toLowerCase()} its event`,
      );
      if (action === 'OPEN') binding.state = { ...binding.state, isOpen: false };
    }
  }

  /** Readings through one binding's rule, with the events they open or resolve. */
  async function evaluate(binding: TBinding, readings: TEvalReading[]) {
    const { state, steps } = evaluateReadings(binding.definition, binding.state, readings, { actionsOnly: true });
    // The same state object: every reading was counted already (a redelivery).
    if (state === binding.state) return;
    binding.state = state;
    moved.add(binding);
    for (const step of steps) if (step.action) await apply(binding, step.action, step.evidence);
  }

  async function save() {
    lastSave = Date.now();
    if (moved.size === 0) return;
    const bindings = [...moved];
    moved.clear();
    await saveStates(await ownership.executor(), bindings);
  }

  /** The owned readers' rules brought up to date with the readings stored since their states were counted. */
  async function catchUp(byReader: Map<string, TBinding[]>, readerIds: string[]) {
    const subset = new Map(readerIds.flatMap((id) => (byReader.has(id) ? [[id, byReader.get(id) ?? []]] : [])));
    const missed = await readingsSinceLastSave(app.db, subset);
    for (const [readerId, readings] of missed) {
      for (const binding of subset.get(readerId) ?? []) await evaluate(binding, readings);
    }
  }

  /** Rules and states from the database; the readers this process owns replay what they counted since the save. */
  async function load(): Promise<Map<string, TBinding[]>> {
    const byReader = await loadBindings(app.db);
    await catchUp(byReader, ownership.owned());
    return byReader;
  }

  const cache = createNotifiedCache(app.db, RULES_CHANGED_CHANNEL, MAX_AGE_MS, load);
  const systemsListener = listenForChanges(app.db, SYSTEMS_CHANGED_CHANNEL, cache.invalidate);

  const enqueue = (work: () => Promise<void>) => {
    const run = queue.then(work);
    queue = run.catch((error) => app.log.error({ err: error }, 'Rule engine work failed'));
    return run;
  };

  const scheduleSave = () => {
    if (saveTimer || moved.size === 0) return;
    saveTimer = setTimeout(() => {
      saveTimer = null;
      void enqueue(save);
    }, SAVE_INTERVAL_MS);
    saveTimer.unref();
  };

  const saveSoon = async () => {
    if (Date.now() - lastSave >= SAVE_INTERVAL_MS) await save();
    else scheduleSave();
  };

  /**
   * Readers gained just now: another process may have counted them since this copy was read, so their
   * rules are read again, and caught up with the history.
   */
  async function takeOver(byReader: Map<string, TBinding[]>, gained: string[]) {
    const fresh = await loadBindings(app.db, gained);
    for (const readerId of gained) {
      const bindings = fresh.get(readerId);
      if (bindings) byReader.set(readerId, bindings);
      else byReader.delete(readerId);
    }
    await catchUp(byReader, gained);
  }

  async function handleBatch(readings: TStoredReading[]) {
    // States about to be dropped for a reload are saved first, so the reload starts from them.
    if (moved.size > 0 && cache.fresh() === null) await save();
    const byReader = await cache.get();
    if (byReader.size === 0) return;
    const readingsByReader = new Map<string, TEvalReading[]>();
    for (const reading of readings) {
      if (!byReader.has(reading.readerId)) continue;
      const list = readingsByReader.get(reading.readerId) ?? [];
      list.push({ value: reading.value, observedAt: reading.observedAt.getTime() });
      readingsByReader.set(reading.readerId, list);
    }
    if (readingsByReader.size === 0) return;
    const gained = await ownership.claim([...readingsByReader.keys()]);
    if (gained.length > 0) await takeOver(byReader, gained);
    const elsewhere: string[] = [];
    for (const [readerId, batch] of readingsByReader) {
      if (!ownership.isOwned(readerId)) elsewhere.push(readerId);
      else for (const binding of byReader.get(readerId) ?? []) await evaluate(binding, batch);
    }
    for (const payload of notifyPayloads(elsewhere)) {
      await app.db.execute(sql`select pg_notify(${READINGS_ELSEWHERE_CHANNEL}, ${payload})`);
    }
    await saveSoon();
  }

  /** Another process stored readings of readers this one owns: they are counted from the history. */
  async function countReadingsStoredElsewhere(payload: string) {
    const named: string[] = payload ? JSON.parse(payload) : ownership.owned();
    const mine = named.filter(ownership.isOwned);
    if (mine.length === 0) return;
    await catchUp(await cache.get(), mine);
    await saveSoon();
  }
  const elsewhereListener = listenForChanges(app.db, READINGS_ELSEWHERE_CHANNEL, (payload) => {
    void enqueue(() => countReadingsStoredElsewhere(payload)).catch(() => {});
  });

  return {
    handleReadings: (readings) => enqueue(() => handleBatch(readings)),
    invalidate: () => {
      // Saved before the next batch reloads (see handleBatch); a write of this process wants it now.
      cache.invalidate();
    },
    flush: () => enqueue(save),
    close: async () => {
      if (saveTimer) clearTimeout(saveTimer);
      await enqueue(save).catch(() => {});
      await elsewhereListener.close();
      await cache.close();
      await systemsListener.close();
      // Last: the locks go, and another process may count these readers from the states just saved.
      await ownership.close();
    },
  };
}
