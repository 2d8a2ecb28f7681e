import {
  can,
  REPORT_SYNC_TIMEOUT_MS,
  type TFieldError,
  type TPagedList,
  type TReportTemplate,
  type TReportTemplateSearchQuery,
  type TReportTemplateSummary,
  type ZReportTemplateInput,
} from '@mip/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { reportTemplates } from '../../db/schema/index.ts';
import { byFoldedText, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { AppError, deleteFailed, fieldErrors, notFound } from '../../http/errors.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import {
  ancestorIdsSql,
  entityListInScopeSql,
  findEntitiesOutOfScope,
  scopeRootIds,
  subtreeIdsSql,
} from '../entities/entity-scope.ts';
import { queryCallerOf } from '../queries/query-caller.ts';
import { validateQueryDefinition } from '../queries/query-definition.ts';
import type { TQueryRunner } from '../queries/query-runner.ts';
import {
  type TReportTemplateRow,
  toReportTemplate,
  toReportTemplateRecord,
  toReportTemplateSummary,
} from './reports.presenter.ts';

type TTemplateInput = z.output<typeof ZReportTemplateInput>;

/** Holders of MANAGE_REPORTS write templates and see every one of them, SQL included. */
export const canManageReports = (auth: TAuthContext) => can(auth, { all: ['MANAGE_REPORTS'] });

/**
 * Security-relevant. A template is owned by the entities it is limited to: a
 * manager limited by entitiesAccessList changes or deletes only one limited
 * to none or to entities all in their scope; any other answers 404.
 */
function templateEditableSql(auth: TAuthContext, alias: SQL): SQL | undefined {
  return entityListInScopeSql(auth, sql`${alias}.entity_ids`);
}

/**
 * Spec 001 §6 "reports have entity visibility limits": a template limited to
 * entities shows to users of those entities or below them, and to users whose
 * scope holds one of them; a manager also sees those they may edit.
 * Security-relevant: generation loads templates through this, so a template
 * out of reach answers 404.
 */
function templateInReachSql(auth: TAuthContext, alias: SQL): SQL | undefined {
  const roots = scopeRootIds(auth);
  const entityIds = sql`${alias}.entity_ids`;
  if (roots === null) return undefined;
  const ownEntity = [auth.user.entityId];
  const reach = sql`(cardinality(${entityIds}) = 0
    or ${entityIds} && (${sql.param(ownEntity)}::int[] || array${ancestorIdsSql(ownEntity)})
    or ${entityIds} && array${subtreeIdsSql(roots)})`;
  return canManageReports(auth) ? sql`(${reach} or ${templateEditableSql(auth, alias)})` : reach;
}

const scheduleCountSql = (alias: SQL) =>
  sql`(select count(*)::int from report_schedules s where s.template_id = ${alias}.id)`;

/** A row read with raw SQL (snake_case) in the shape drizzle's own selects give. */
function fromSqlRow(row: Record<string, unknown>): TReportTemplateRow {
  return {
    id: row.id as number,
    name: row.name as string,
    category: row.category as TReportTemplateRow['category'],
    async: row.async as boolean,
    query: row.query as string,
    reference: row.reference as string | null,
    agreement: row.agreement as string | null,
    enabled: row.enabled as boolean,
    parameters: row.parameters as TReportTemplateRow['parameters'],
    entityIds: row.entity_ids as number[],
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

/**
 * The templates the caller may see: managers every one with its SQL;
 * generators the enabled ones within reach, without SQL.
 */
export function searchReportTemplates(
  db: TExecutor,
  auth: TAuthContext,
  query: TReportTemplateSearchQuery,
): Promise<TPagedList<TReportTemplate | TReportTemplateSummary>> {
  const isManager = canManageReports(auth);
  const alias = sql`t`;
  return searchPage(
    db,
    {
      columns: sql`t.*, ${scheduleCountSql(alias)} as schedule_count`,
      from: sql`from report_templates t`,
      where: [
        templateInReachSql(auth, alias),
        isManager ? undefined : sql`t.enabled`,
        query.enabled === undefined ? undefined : sql`t.enabled = ${query.enabled === 'true'}`,
        query.category?.length ? sql`t.category = any(${sql.param(query.category)}::text[])` : undefined,
        matchesSearch(query.universalSearch, [
          byFoldedText(sql`t.name`),
          byFoldedText(sql`coalesce(t.reference, '')`),
          byFoldedText(sql`coalesce(t.agreement, '')`),
        ]),
      ],
      sortColumns: {
        name: { expression: sql`t.name collate pt_natural` },
        category: { expression: sql`t.category` },
        updatedAt: { expression: sql`t.updated_at` },
      },
      defaultSort: 'name',
      tiebreak: sql`t.id`,
    },
    query,
    (row: Record<string, unknown>) => {
      const template = fromSqlRow(row);
      const count = row.schedule_count as number;
      return isManager ? toReportTemplate(template, count) : toReportTemplateSummary(template, count);
    },
  );
}

/**
 * A template within the caller's reach (with `forEdit`, one they may change),
 * enabled or not, with how many schedules use it; 404 otherwise.
 */
export async function loadTemplateInReach(
  db: TExecutor,
  auth: TAuthContext,
  id: number,
  options: { forEdit?: boolean } = {},
): Promise<{ row: TReportTemplateRow; scheduleCount: number }> {
  const alias = sql`t`;
  const reach = options.forEdit ? templateEditableSql(auth, alias) : templateInReachSql(auth, alias);
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select t.*, ${scheduleCountSql(alias)} as schedule_count from report_templates t
         where t.id = ${id} ${reach ? sql`and ${reach}` : sql``}`,
  );
  if (!rows[0]) throw notFound();
  return { row: fromSqlRow(rows[0]), scheduleCount: rows[0].schedule_count as number };
}

/** GET /report-templates/{id}: managers the whole template, generators what they fill in (enabled ones only). */
export async function readReportTemplate(
  db: TExecutor,
  auth: TAuthContext,
  id: number,
): Promise<TReportTemplate | TReportTemplateSummary> {
  const { row, scheduleCount } = await loadTemplateInReach(db, auth, id);
  if (canManageReports(auth)) return toReportTemplate(row, scheduleCount);
  if (!row.enabled) throw notFound();
  return toReportTemplateSummary(row, scheduleCount);
}

export const templateDisabled = () =>
  new AppError('TEMPLATE_DISABLED', { status: 409, message: 'This report template is disabled' });

/**
 * The checks the schema cannot make: the entities exist and lie in the
 * manager's scope, and the SQL runs (its columns are read without its rows).
 */
async function checkTemplate(db: TExecutor, runner: TQueryRunner, auth: TAuthContext, input: TTemplateInput) {
  const errors: TFieldError[] = [];
  const outside = await findEntitiesOutOfScope(db, auth, input.entityIds);
  if (outside.length > 0) errors.push({ property: 'entityIds', error: 'INVALID_ENTITY' });
  if (errors.length > 0) throw fieldErrors(errors);
  await validateQueryDefinition(runner, await queryCallerOf(db, auth), {
    query: input.query,
    parameters: input.parameters,
    timeoutMs: REPORT_SYNC_TIMEOUT_MS,
  });
}

function toColumns(input: TTemplateInput) {
  return {
    name: input.name,
    category: input.category,
    async: input.async,
    query: input.query,
    reference: input.reference,
    agreement: input.agreement,
    enabled: input.enabled,
    parameters: input.parameters,
    entityIds: [...new Set(input.entityIds)],
  };
}

export async function createReportTemplate(
  db: TDatabase,
  runner: TQueryRunner,
  auth: TAuthContext,
  input: TTemplateInput,
  actor: TActor,
): Promise<TReportTemplate> {
  await checkTemplate(db, runner, auth, input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(reportTemplates).values(toColumns(input)).returning();
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'report_template',
      recordId: row.id,
      after: toReportTemplateRecord(row),
    });
    return toReportTemplate(row, 0);
  });
}

export async function updateReportTemplate(
  db: TDatabase,
  runner: TQueryRunner,
  auth: TAuthContext,
  id: number,
  input: TTemplateInput,
  actor: TActor,
): Promise<TReportTemplate> {
  await loadTemplateInReach(db, auth, id, { forEdit: true });
  await checkTemplate(db, runner, auth, input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reportTemplates).where(eq(reportTemplates.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(reportTemplates)
      .set({ ...toColumns(input), updatedAt: sql`now()` })
      .where(eq(reportTemplates.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      recordType: 'report_template',
      recordId: id,
      ...diffRecords(toReportTemplateRecord(before), toReportTemplateRecord(after)),
    });
    const { scheduleCount } = await loadTemplateInReach(tx, auth, id);
    return toReportTemplate(after, scheduleCount);
  });
}

/** A template that schedules still use cannot go (TEMPLATE_HAS_SCHEDULES); its past generations go with it. */
export async function deleteReportTemplate(db: TDatabase, auth: TAuthContext, id: number, actor: TActor) {
  await db.transaction(async (tx) => {
    const { row, scheduleCount } = await loadTemplateInReach(tx, auth, id, { forEdit: true });
    if (scheduleCount > 0) {
      throw deleteFailed(`The template "${row.name}" is used by ${scheduleCount} schedule(s)`, {
        reason: 'TEMPLATE_HAS_SCHEDULES',
        name: row.name,
        count: scheduleCount,
      });
    }
    await tx.delete(reportTemplates).where(eq(reportTemplates.id, id));
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'report_template',
      recordId: id,
      before: toReportTemplateRecord(row),
    });
  });
}
