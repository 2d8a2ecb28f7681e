import {
  eventCategoryProblems,
  type TFieldError,
  type TPagedList,
  type TRuleApplyResult,
  type TRuleCandidateSystem,
  type TRuleSystem,
  type TRuleTemplate,
  type TRuleTemplateInputParsed,
  type ZRuleApplyInput,
  type ZRuleSystemSearchQuery,
  type ZRuleTemplateSearchQuery,
} from '@mip/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { ruleTemplateSystems, ruleTemplates } from '../../db/schema/index.ts';
import { byFoldedColumn, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { deleteFailed, fieldErrors, notFound } from '../../http/errors.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { andEntityInScopeSql, entityInScopeSql } from '../entities/entity-scope.ts';
import { LIVE_STATUSES_SQL, oneOfSql } from '../events/events.service.ts';
import { announceRulesChanged } from './rule-listener.ts';
import { ruleReaderIdSql } from './rule-reader.ts';
import {
  type TRuleCandidateRow,
  type TRuleSystemRow,
  type TRuleTemplateRow,
  toRuleCandidateSystem,
  toRuleSystem,
  toRuleTemplate,
  toRuleTemplateRecord,
} from './rule-templates.presenter.ts';

type TSearchQuery = z.output<typeof ZRuleTemplateSearchQuery>;
type TSystemSearchQuery = z.output<typeof ZRuleSystemSearchQuery>;
type TApplyInput = z.output<typeof ZRuleApplyInput>;

/**
 * The events a rule raised that it still watches and that are live: an event
 * an operator has already resolved or closed no longer counts (the rule only
 * waits for its clear condition to re-arm there).
 */
const liveEventsCountSql = (ruleId: SQL) =>
  sql`(select count(*)::int from rule_template_systems a join events e on e.id = a.event_id
        where a.rule_id = ${ruleId} and e.status in ${LIVE_STATUSES_SQL})`;

const RULE_COLUMNS = sql`r.id, r.name, r.description, r.active, r.parameter_name, r.condition, r.clear_condition,
  r.priority, r.direction, r.sub_type, r.is_public, r.title, r.message, r.created_at, r.updated_at,
  json_build_object('id', c.id, 'name', c.name) as category,
  json_build_object('id', en.id, 'name', en.name) as entity,
  (select count(*)::int from rule_template_systems a where a.rule_id = r.id) as systems_count,
  ${liveEventsCountSql(sql`r.id`)} as open_events_count`;

const RULE_FROM = sql`from rule_templates r
  join event_categories c on c.id = r.category_id
  join entities en on en.id = r.entity_id`;

/** GET /rule-templates/search: the rules of the caller's entities. */
export function searchRuleTemplates(
  db: TDatabase,
  auth: TAuthContext,
  query: TSearchQuery,
): Promise<TPagedList<TRuleTemplate>> {
  return searchPage<TRuleTemplateRow, TRuleTemplate>(
    db,
    {
      columns: RULE_COLUMNS,
      from: RULE_FROM,
      countFrom: sql`from rule_templates r`,
      where: [
        entityInScopeSql(auth, sql`r.entity_id`),
        query.active === undefined ? undefined : sql`r.active = ${query.active}`,
        oneOfSql(query.categoryId, sql`r.category_id`, 'int'),
        matchesSearch(query.universalSearch, [byFoldedColumn(sql`r.search_text`)]),
      ],
      sortColumns: {
        name: { expression: sql`r.name collate pt_natural` },
        parameterName: { expression: sql`r.parameter_name collate pt_natural` },
        active: { expression: sql`r.active` },
        updatedAt: { expression: sql`r.updated_at` },
      },
      defaultSort: 'name',
      tiebreak: sql`r.id`,
    },
    query,
    toRuleTemplate,
  );
}

/** One rule in the caller's scope; 404 otherwise. */
export async function readRuleTemplate(db: TExecutor, id: number, auth: TAuthContext): Promise<TRuleTemplate> {
  const { rows } = await db.execute<TRuleTemplateRow>(
    sql`select ${RULE_COLUMNS} ${RULE_FROM} where r.id = ${id} ${andEntityInScopeSql(auth, sql`r.entity_id`)}`,
  );
  if (!rows[0]) throw notFound();
  return toRuleTemplate(rows[0]);
}

/** The category must exist and be active (a rule may keep the inactive one it has); road categories need their fields. */
async function checkRuleInput(db: TExecutor, input: TRuleTemplateInputParsed, currentCategoryId: number | null) {
  const errors: TFieldError[] = [];
  const { rows } = await db.execute<{
    active: boolean;
    category_type: 'GENERIC' | 'TRAFFIC_CLOSED' | 'TRAFFIC_HAZARD';
  }>(sql`select active, category_type from event_categories where id = ${input.categoryId}`);
  const category = rows[0];
  if (!category || (!category.active && input.categoryId !== currentCategoryId)) {
    errors.push({ property: 'categoryId', error: 'INVALID_CATEGORY' });
  } else {
    errors.push(...eventCategoryProblems(input, category.category_type));
  }
  if (errors.length > 0) throw fieldErrors(errors);
}

function toColumns(input: TRuleTemplateInputParsed) {
  return {
    name: input.name,
    description: input.description,
    active: input.active,
    parameterName: input.parameterName,
    condition: input.condition,
    clearCondition: input.clearCondition,
    categoryId: input.categoryId,
    priority: input.priority,
    direction: input.direction,
    subType: input.subType,
    isPublic: input.isPublic,
    title: input.title,
    message: input.message,
  };
}

async function lockRule(tx: TExecutor, id: number, auth: TAuthContext) {
  const scope = entityInScopeSql(auth, sql`${ruleTemplates.entityId}`);
  const [row] = await tx
    .select()
    .from(ruleTemplates)
    .where(and(eq(ruleTemplates.id, id), scope))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function createRuleTemplate(
  db: TDatabase,
  input: TRuleTemplateInputParsed,
  auth: TAuthContext,
  actor: TActor,
): Promise<TRuleTemplate> {
  return db.transaction(async (tx) => {
    await checkRuleInput(tx, input, null);
    const [row] = await tx
      .insert(ruleTemplates)
      .values({ ...toColumns(input), entityId: auth.user.entityId })
      .returning();
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'rule_template',
      recordId: row.id,
      after: toRuleTemplateRecord(row),
    });
    return readRuleTemplate(tx, row.id, auth);
  });
}

/**
 * A changed rule starts its runs afresh on every system: they were counted
 * against the old conditions, so the readings stored before the edit no longer
 * count (the latest becomes the last one seen; a restart replays none of them).
 * An event it opened stays open, and is resolved when the new clear condition
 * holds: an edit changes the rule, not what the sensor saw.
 */
export async function updateRuleTemplate(
  db: TDatabase,
  id: number,
  input: TRuleTemplateInputParsed,
  auth: TAuthContext,
  actor: TActor,
): Promise<TRuleTemplate> {
  return db.transaction(async (tx) => {
    const before = await lockRule(tx, id, auth);
    await checkRuleInput(tx, input, before.categoryId);
    const [after] = await tx
      .update(ruleTemplates)
      .set({ ...toColumns(input), updatedAt: sql`now()` })
      .where(eq(ruleTemplates.id, id))
      .returning();
    await restartRuns(tx, id, input.parameterName);
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      recordType: 'rule_template',
      recordId: id,
      ...diffRecords(toRuleTemplateRecord(before), toRuleTemplateRecord(after)),
    });
    await announceRulesChanged(tx);
    return readRuleTemplate(tx, id, auth);
  });
}

/**
 * No run counts on any system, and the newest stored reading of each system's
 * reader taken as already seen, so the new conditions count only what comes next.
 */
async function restartRuns(tx: TExecutor, ruleId: number, parameterName: string): Promise<void> {
  await tx
    .update(ruleTemplateSystems)
    .set({ runCount: 0, runSince: null, runReadings: [] })
    .where(eq(ruleTemplateSystems.ruleId, ruleId));
  await tx.execute(
    sql`update rule_template_systems a set last_value = l.value, last_observed_at = l.observed_at
          from (select s.system_id, latest.value, latest.observed_at
                  from rule_template_systems s
                  cross join lateral (
                    select i.value, i.observed_at from iot_readings i
                     where i.reader_id = ${ruleReaderIdSql(sql`s.system_id`, parameterName)}
                     order by i.observed_at desc, i.id desc limit 1) latest
                 where s.rule_id = ${ruleId}) l
         where a.rule_id = ${ruleId} and a.system_id = l.system_id
           and l.observed_at > coalesce(a.last_observed_at, '-infinity'::timestamptz)`,
  );
}

/**
 * Refused (DELETE_FAILED) while the rule has a live event it would resolve:
 * deleting it would leave that event open with nothing watching its end. The
 * operator resolves the events, or deactivates the rule instead. The events it
 * raised before stay, with the rule's name.
 */
export async function deleteRuleTemplate(db: TDatabase, id: number, auth: TAuthContext, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockRule(tx, id, auth);
    const { rows } = await tx.execute<{ open_events: number }>(
      sql`select ${liveEventsCountSql(sql`${id}::int`)} as open_events`,
    );
    const openEvents = rows[0].open_events;
    if (openEvents > 0) {
      throw deleteFailed(
        `The rule "${before.name}" has ${openEvents} open event(s); resolve them first, or deactivate the rule instead`,
        { reason: 'RULE_HAS_OPEN_EVENTS', name: before.name, count: openEvents },
      );
    }
    await tx.delete(ruleTemplates).where(eq(ruleTemplates.id, id));
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'rule_template',
      recordId: id,
      before: toRuleTemplateRecord(before),
    });
    await announceRulesChanged(tx);
  });
}

// ---------------------------------------------------------------- systems

/**
 * POST /rule-templates/{id}/systems: the rule watches the systems named and
 * every system of the group and its subgroups, those that have its IOT
 * parameter; the others are counted, not applied.
 */
export async function applyRuleTemplate(
  db: TDatabase,
  id: number,
  input: TApplyInput,
  auth: TAuthContext,
  actor: TActor,
): Promise<TRuleApplyResult> {
  return db.transaction(async (tx) => {
    const rule = await lockRule(tx, id, auth);
    const errors: TFieldError[] = [];
    const { rows: found } = await tx.execute<{ systems: number; has_group: boolean }>(
      sql`select (select count(*)::int from mobility_systems where id = any(${sql.param(input.systemIds)}::int[]))
                   as systems,
                 exists (select 1 from mobility_system_groups where id = ${input.groupId}) as has_group`,
    );
    if (found[0].systems !== input.systemIds.length) errors.push({ property: 'systemIds', error: 'INVALID_SYSTEM' });
    if (input.groupId !== null && !found[0].has_group) errors.push({ property: 'groupId', error: 'INVALID_GROUP' });
    if (errors.length > 0) throw fieldErrors(errors);
    const groupSystems =
      input.groupId === null
        ? sql``
        : sql`union
              select s.id from mobility_systems s
               where s.group_id in (with recursive tree(id) as (
                        select ${input.groupId}::int
                        union
                        select g.id from mobility_system_groups g join tree on g.parent_id = tree.id
                      ) select id from tree)`;
    const { rows } = await tx.execute<{ wanted: number; eligible: number; applied: number; applied_ids: number[] }>(
      sql`with wanted as (
            select s.id from mobility_systems s where s.id = any(${sql.param(input.systemIds)}::int[])
            ${groupSystems}
          ), eligible as (
            select s.id from mobility_systems s join wanted w on w.id = s.id
             where ${ruleReaderIdSql(sql`s.id`, rule.parameterName)} is not null
          ), inserted as (
            insert into rule_template_systems (rule_id, system_id)
            select ${id}, e.id from eligible e
            on conflict do nothing
            returning system_id
          )
          select (select count(*)::int from wanted) as wanted, (select count(*)::int from eligible) as eligible,
                 (select count(*)::int from inserted) as applied,
                 coalesce((select array_agg(system_id order by system_id) from inserted), '{}') as applied_ids`,
    );
    const counts = rows[0];
    if (counts.applied > 0) {
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        recordType: 'rule_template',
        recordId: id,
        after: { appliedToSystemIds: counts.applied_ids },
      });
      await announceRulesChanged(tx);
    }
    return {
      applied: counts.applied,
      alreadyApplied: counts.eligible - counts.applied,
      withoutParameter: counts.wanted - counts.eligible,
    };
  });
}

/** DELETE /rule-templates/{id}/systems/{systemId}: the rule stops watching it; an event it raised stays open. */
export async function removeRuleSystem(
  db: TDatabase,
  id: number,
  systemId: number,
  auth: TAuthContext,
  actor: TActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRule(tx, id, auth);
    const removed = await tx
      .delete(ruleTemplateSystems)
      .where(and(eq(ruleTemplateSystems.ruleId, id), eq(ruleTemplateSystems.systemId, systemId)))
      .returning({ systemId: ruleTemplateSystems.systemId });
    if (removed.length === 0) throw notFound();
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      recordType: 'rule_template',
      recordId: id,
      before: { appliedToSystemIds: [systemId] },
    });
    await announceRulesChanged(tx);
  });
}

/** The orders of both system lists (`s` the system, `g` its group). */
const SYSTEM_ORDER = {
  sortColumns: {
    name: { expression: sql`s.name collate pt_natural` },
    groupName: { expression: sql`g.name collate pt_natural` },
  },
  defaultSort: 'name',
  tiebreak: sql`s.id`,
};

/** GET /rule-templates/{id}/systems: the systems it watches, and where it stands on each. */
export async function searchRuleSystems(
  db: TDatabase,
  id: number,
  query: TSystemSearchQuery,
  auth: TAuthContext,
): Promise<TPagedList<TRuleSystem>> {
  const rule = await readRuleTemplate(db, id, auth);
  return searchPage<TRuleSystemRow, TRuleSystem>(
    db,
    {
      columns: sql`s.id, s.name, g.name as group_name, a.event_id, a.run_count, a.last_value, a.last_observed_at,
        ${ruleReaderIdSql(sql`s.id`, rule.parameterName)} as reader_id,
        (select json_build_object('id', e.id, 'name', e.title) from events e
          where e.id = a.event_id and e.status in ${LIVE_STATUSES_SQL}) as open_event`,
      from: sql`from rule_template_systems a
        join mobility_systems s on s.id = a.system_id
        join mobility_system_groups g on g.id = s.group_id`,
      where: [sql`a.rule_id = ${id}`, matchesSearch(query.universalSearch, [byFoldedColumn(sql`s.search_text`)])],
      ...SYSTEM_ORDER,
    },
    query,
    toRuleSystem,
  );
}

/**
 * GET /rule-templates/{id}/candidate-systems: the systems the rule can still
 * be applied to — those with an IOT parameter of its name linked to a reader
 * (picked out by the parameters, far fewer than the systems) that it does not
 * watch yet.
 */
export async function searchRuleCandidates(
  db: TDatabase,
  id: number,
  query: TSystemSearchQuery,
  auth: TAuthContext,
): Promise<TPagedList<TRuleCandidateSystem>> {
  const rule = await readRuleTemplate(db, id, auth);
  return searchPage<TRuleCandidateRow, TRuleCandidateSystem>(
    db,
    {
      columns: sql`s.id, s.name, g.name as group_name, ${ruleReaderIdSql(sql`s.id`, rule.parameterName)} as reader_id`,
      from: sql`from mobility_systems s join mobility_system_groups g on g.id = s.group_id`,
      countFrom: sql`from mobility_systems s`,
      where: [
        sql`s.id in (select p.system_id from mobility_system_parameters p
                      where p.type = 'IOT' and p.reader_id is not null
                        and lower(p.name) = lower(${rule.parameterName}))`,
        sql`not exists (select 1 from rule_template_systems a where a.rule_id = ${id} and a.system_id = s.id)`,
        matchesSearch(query.universalSearch, [byFoldedColumn(sql`s.search_text`)]),
      ],
      ...SYSTEM_ORDER,
    },
    query,
    toRuleCandidateSystem,
  );
}
