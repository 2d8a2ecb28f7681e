import type {
  TEventGeoJson,
  TEventInputParsed,
  TEventPriority,
  TGeometry,
  TRuleCondition,
  TRuleEventOrigin,
} from '@mip/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';
import { ruleTemplateEvents, ruleTemplateSystems } from '../../db/schema/index.ts';
import type { TActor } from '../../http/audit.ts';
import { notFound } from '../../http/errors.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { createEvent, finishEventAutomatically, isEventInScope } from '../events/events.service.ts';
import type { TEvalReading } from './rule-evaluator.ts';
import { formatObservedAt, formatReadingValue, renderRuleText } from './rule-text.ts';

/** What a rule needs to raise an event on one system: the rule's action and the system's place. */
export interface TRuleTarget {
  ruleId: number;
  systemId: number;
  readerId: string;
  rule: {
    name: string;
    parameterName: string;
    condition: TRuleCondition;
    categoryId: number;
    priority: TEventPriority;
    direction: TEventInputParsed['direction'];
    subType: TEventInputParsed['subType'];
    isPublic: boolean;
    title: string;
    message: string;
    entityId: number;
  };
  system: { name: string; geometry: TGeometry | null; latitude: number | null; longitude: number | null };
}

/** Rules act on nobody's behalf: the audit log and the timeline show no user, the agent names the rule. */
export function ruleActor(ruleId: number): TActor {
  return { userId: null, impersonatorUserId: null, ip: null, userAgent: `rule-template/${ruleId}` };
}

/** The system's own shape, else its point: where the event is drawn. Null for a system with no place. */
function eventGeoJsonOf(system: TRuleTarget['system']): TEventGeoJson | null {
  const geometry: TGeometry | null =
    system.geometry ??
    (system.latitude !== null && system.longitude !== null
      ? { type: 'Point', coordinates: [system.longitude, system.latitude] }
      : null);
  return geometry ? { type: 'FeatureCollection', features: [{ type: 'Feature', geometry, properties: {} }] } : null;
}

/**
 * The saved state right after an event opens or resolves: no run yet, the
 * triggering reading the last one counted. Written with the event, so a
 * restart replays the readings after it against the right condition.
 */
const stateAfter = (trigger: TEvalReading) => ({
  runCount: 0,
  runSince: null,
  runReadings: [],
  lastValue: trigger.value,
  lastObservedAt: new Date(trigger.observedAt),
});

const toStoredReadings = (readings: TEvalReading[]) =>
  readings.map((reading) => ({ value: reading.value, observedAt: new Date(reading.observedAt).toISOString() }));

/**
 * Opens the rule's event on the system, as the console would (category,
 * priority, the system's place, the system affected, the title and message
 * with the reading's facts), and records the rule and readings behind it.
 * Runs in the caller's transaction; answers the event's id.
 */
export async function raiseRuleEvent(tx: TExecutor, target: TRuleTarget, evidence: TEvalReading[]): Promise<number> {
  const trigger = evidence[evidence.length - 1];
  const geojson = eventGeoJsonOf(target.system);
  if (!geojson) throw new Error(`System ${target.systemId} has no place to draw the event of rule ${target.ruleId}`);
  const { rule } = target;
  const facts = {
    value: formatReadingValue(trigger.value),
    system: target.system.name,
    parameter: rule.parameterName,
    threshold: formatReadingValue(rule.condition.threshold),
    rule: rule.name,
    observedAt: formatObservedAt(new Date(trigger.observedAt)),
  };
  const input: TEventInputParsed = {
    title: renderRuleText(rule.title, facts).slice(0, 300),
    description: renderRuleText(rule.message, facts).slice(0, 10_000),
    categoryId: rule.categoryId,
    isFuture: false,
    // When the condition was met, never ahead of the server's clock (a device's clock may run fast).
    fromTimestamp: new Date(Math.min(trigger.observedAt, Date.now())).toISOString(),
    toTimestamp: null,
    geojson,
    priority: rule.priority,
    direction: rule.direction,
    subType: rule.subType,
    isPublic: rule.isPublic,
    affectedSystemIds: [target.systemId],
    entityId: null,
  };
  const eventId = await createEvent(tx, input, ruleActor(target.ruleId), {
    createdBy: null,
    originEntityId: rule.entityId,
  });
  await tx.insert(ruleTemplateEvents).values({
    eventId,
    ruleId: target.ruleId,
    ruleName: rule.name,
    systemId: target.systemId,
    parameterName: rule.parameterName,
    readerId: target.readerId,
    condition: rule.condition,
    readings: toStoredReadings(evidence),
  });
  await tx
    .update(ruleTemplateSystems)
    .set({ eventId, ...stateAfter(trigger) })
    .where(and(eq(ruleTemplateSystems.ruleId, target.ruleId), eq(ruleTemplateSystems.systemId, target.systemId)));
  return eventId;
}

/**
 * The clear condition held: the event moves to RESOLVED through the normal
 * lifecycle (unless an operator already finished it) and the readings that
 * cleared it are kept beside the ones that raised it.
 */
export async function resolveRuleEvent(
  tx: TExecutor,
  target: Pick<TRuleTarget, 'ruleId' | 'systemId'> & { ruleName: string },
  eventId: number,
  evidence: TEvalReading[],
): Promise<void> {
  const trigger = evidence[evidence.length - 1];
  const note = `Resolvido pela regra «${target.ruleName}»: condição de fim verificada (valor ${formatReadingValue(trigger.value)} às ${formatObservedAt(new Date(trigger.observedAt))}).`;
  await finishEventAutomatically(tx, eventId, note, ruleActor(target.ruleId));
  await tx
    .update(ruleTemplateEvents)
    .set({ clearedAt: sql`now()`, clearReadings: toStoredReadings(evidence) })
    .where(and(eq(ruleTemplateEvents.eventId, eventId), isNull(ruleTemplateEvents.clearedAt)));
  await tx
    .update(ruleTemplateSystems)
    .set({ eventId: null, ...stateAfter(trigger) })
    .where(
      and(
        eq(ruleTemplateSystems.ruleId, target.ruleId),
        eq(ruleTemplateSystems.systemId, target.systemId),
        eq(ruleTemplateSystems.eventId, eventId),
      ),
    );
}

type TOriginRow = {
  rule_id: number | null;
  rule_name: string;
  system: { id: number; name: string } | null;
  parameter_name: string;
  reader_id: string;
  condition: TRuleCondition;
  readings: { value: number; observedAt: string }[];
  clear_readings: { value: number; observedAt: string }[];
  raised_at: Date;
  cleared_at: Date | null;
  event_status: TRuleEventOrigin['eventStatus'];
};

/** GET /rule-templates/events/{eventId}: the rule and readings behind an event in the caller's scope, or null. */
export async function readRuleEventOrigin(
  db: TExecutor,
  eventId: number,
  auth: TAuthContext,
): Promise<TRuleEventOrigin | null> {
  if (!(await isEventInScope(db, auth, eventId))) throw notFound();
  const { rows } = await db.execute<TOriginRow>(
    sql`select o.rule_id, o.rule_name, o.parameter_name, o.reader_id, o.condition, o.readings, o.clear_readings,
               o.raised_at, o.cleared_at, e.status as event_status,
               (select json_build_object('id', s.id, 'name', s.name) from mobility_systems s where s.id = o.system_id)
                 as system
          from rule_template_events o join events e on e.id = o.event_id
         where o.event_id = ${eventId}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    rule: { id: row.rule_id, name: row.rule_name },
    system: row.system,
    parameterName: row.parameter_name,
    readerId: row.reader_id,
    condition: row.condition,
    readings: row.readings,
    clearReadings: row.clear_readings,
    raisedAt: new Date(row.raised_at).toISOString(),
    clearedAt: row.cleared_at ? new Date(row.cleared_at).toISOString() : null,
    eventStatus: row.event_status,
  };
}
