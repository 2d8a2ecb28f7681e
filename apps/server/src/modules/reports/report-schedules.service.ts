import {
  nextGeneration,
  type TPagedList,
  type TParameterValues,
  type TReportJob,
  type TReportSchedule,
  type TReportScheduleConfig,
  type TReportScheduleSearchQuery,
} from '@mip/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { reportScheduleSubscribers, reportSchedules, users } from '../../db/schema/index.ts';
import { byFoldedColumn, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { AppError, fieldErrors, forbidden, notFound } from '../../http/errors.ts';
import type { TJobQueue } from '../../jobs/define-job.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { entityInScopeSql } from '../entities/entity-scope.ts';
import { checkParameterValues } from '../queries/query-runner.ts';
import { insertReportJob, pickParameterValues } from './report-generation.service.ts';
import { canManageReports, loadTemplateInReach, templateDisabled } from './report-templates.service.ts';
import { type TReportScheduleRow, toReportSchedule, toReportScheduleRecord } from './reports.presenter.ts';

/**
 * A schedule is its owner's; holders of MANAGE_REPORTS reach those of the
 * users in their entity scope too. Anyone else's answers 404.
 */
function scheduleInReachSql(auth: TAuthContext): SQL {
  const own = sql`s.owner_id = ${auth.user.id}`;
  if (!canManageReports(auth)) return own;
  const scope = entityInScopeSql(auth, sql`o.entity_id`);
  return scope ? sql`(${own} or ${scope})` : sql`true`;
}

const SCHEDULE_COLUMNS = sql`s.*, t.name as template_name, o.name as owner_name`;
const SCHEDULE_FROM = sql`from report_schedules s
  join report_templates t on t.id = s.template_id
  join users o on o.id = s.owner_id`;

function fromSqlRow(row: Record<string, unknown>): TReportScheduleRow {
  const date = (value: unknown) => (value ? new Date(value as string) : null);
  return {
    id: row.id as number,
    templateId: row.template_id as number,
    ownerId: row.owner_id as number,
    parameters: row.parameters as TParameterValues,
    format: row.format as TReportScheduleRow['format'],
    recurrence: row.recurrence as TReportScheduleRow['recurrence'],
    recurringTime: row.recurring_time as string,
    dayOfWeek: row.day_of_week as number | null,
    dayOfMonth: row.day_of_month as number | null,
    enabled: row.enabled as boolean,
    nextGenerationAt: date(row.next_generation_at),
    lastGeneratedAt: date(row.last_generated_at),
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

type TSubscriber = { id: number; name: string; email: string };

async function subscribersOf(db: TExecutor, scheduleIds: number[]): Promise<Map<number, TSubscriber[]>> {
  const bySchedule = new Map<number, TSubscriber[]>();
  if (scheduleIds.length === 0) return bySchedule;
  const rows = await db
    .select({
      scheduleId: reportScheduleSubscribers.scheduleId,
      id: users.id,
      name: users.name,
      email: users.email,
    })
    .from(reportScheduleSubscribers)
    .innerJoin(users, eq(users.id, reportScheduleSubscribers.userId))
    .where(inArray(reportScheduleSubscribers.scheduleId, scheduleIds))
    .orderBy(sql`${users.name} collate pt_natural`, users.id);
  for (const { scheduleId, ...subscriber } of rows) {
    bySchedule.set(scheduleId, [...(bySchedule.get(scheduleId) ?? []), subscriber]);
  }
  return bySchedule;
}

/**
 * GET /report-schedules/search: the caller's own schedules, or with
 * `all=true` (MANAGE_REPORTS only) every schedule of the users in their scope.
 */
export async function searchReportSchedules(
  db: TExecutor,
  auth: TAuthContext,
  query: TReportScheduleSearchQuery,
): Promise<TPagedList<TReportSchedule>> {
  const isAll = query.all === 'true';
  if (isAll && !canManageReports(auth)) throw forbidden();
  const page = await searchPage(
    db,
    {
      columns: SCHEDULE_COLUMNS,
      from: SCHEDULE_FROM,
      where: [
        isAll ? scheduleInReachSql(auth) : sql`s.owner_id = ${auth.user.id}`,
        query.templateId === undefined ? undefined : sql`s.template_id = ${query.templateId}`,
      ],
      sortColumns: {
        nextGenerationAt: { expression: sql`s.next_generation_at`, isNullable: true },
        createdAt: { expression: sql`s.created_at` },
      },
      defaultSort: 'nextGenerationAt',
      tiebreak: sql`s.id`,
    },
    query,
    (row: Record<string, unknown>) => ({
      row: fromSqlRow(row),
      templateName: row.template_name as string,
      ownerName: row.owner_name as string,
    }),
  );
  const subscribers = await subscribersOf(
    db,
    page.content.map((item) => item.row.id),
  );
  return {
    ...page,
    content: page.content.map(({ row, ...names }) =>
      toReportSchedule(row, { ...names, subscribers: subscribers.get(row.id) ?? [] }),
    ),
  };
}

async function loadScheduleInReach(db: TExecutor, auth: TAuthContext, id: number, isLocking = false) {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select ${SCHEDULE_COLUMNS} ${SCHEDULE_FROM}
         where s.id = ${id} and ${scheduleInReachSql(auth)} ${isLocking ? sql`for update of s` : sql``}`,
  );
  if (!rows[0]) throw notFound();
  const row = fromSqlRow(rows[0]);
  const subscribers = (await subscribersOf(db, [id])).get(id) ?? [];
  return {
    row,
    schedule: toReportSchedule(row, {
      templateName: rows[0].template_name as string,
      ownerName: rows[0].owner_name as string,
      subscribers,
    }),
  };
}

export async function readReportSchedule(db: TExecutor, auth: TAuthContext, id: number): Promise<TReportSchedule> {
  return (await loadScheduleInReach(db, auth, id)).schedule;
}

/**
 * The users a schedule may be sent to (active, in the caller's scope), found
 * by name or email, or the given ones: the subscriber picker. Generators need
 * not hold READ_USER to pick them.
 */
export async function searchSubscriberOptions(
  db: TExecutor,
  auth: TAuthContext,
  query: { universalSearch?: string; ids?: number[] },
): Promise<TSubscriber[]> {
  const scope = entityInScopeSql(auth, sql`u.entity_id`);
  const search = query.ids?.length
    ? sql`u.id = any(${sql.param(query.ids)}::int[])`
    : matchesSearch(query.universalSearch, [byFoldedColumn(sql`u.search_text`)]);
  const { rows } = await db.execute<TSubscriber>(
    sql`select u.id, u.name, u.email from users u
         where u.status = 'ACTIVE' ${scope ? sql`and ${scope}` : sql``} ${search ? sql`and ${search}` : sql``}
         order by u.name collate pt_natural, u.id
         limit 50`,
  );
  return rows;
}

/**
 * What the schema cannot check: the template is within the caller's reach
 * and enabled, the values fit its parameters, the subscribers are active
 * users the caller may see. Answers the values to store.
 */
async function checkSchedule(db: TExecutor, auth: TAuthContext, input: TReportScheduleConfig) {
  const template = await loadTemplateInReach(db, auth, input.templateId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw fieldErrors([{ property: 'templateId', error: 'INVALID_TEMPLATE_ID' }]);
    throw error;
  });
  if (!template.row.enabled) throw fieldErrors([{ property: 'templateId', error: 'TEMPLATE_DISABLED' }]);
  checkParameterValues(template.row.parameters, input.parameters);
  const subscriberIds = [...new Set(input.subscriberIds)];
  if (subscriberIds.length > 0) {
    const scope = entityInScopeSql(auth, sql`entity_id`);
    const { rows } = await db.execute<{ id: number }>(
      sql`select id from users where id = any(${sql.param(subscriberIds)}::int[]) and status = 'ACTIVE'
          ${scope ? sql`and ${scope}` : sql``}`,
    );
    if (rows.length !== subscriberIds.length) throw fieldErrors([{ property: 'subscriberIds', error: 'INVALID_USER' }]);
  }
  return { parameters: pickParameterValues(template.row.parameters, input.parameters), subscriberIds };
}

function toColumns(input: TReportScheduleConfig, parameters: TParameterValues, now: Date) {
  return {
    templateId: input.templateId,
    parameters,
    format: input.format,
    recurrence: input.recurrence,
    recurringTime: input.recurringTime,
    // Only the rule's own day is kept: a weekday left over from WEEKLY would confuse a DAILY schedule.
    dayOfWeek: input.recurrence === 'WEEKLY' ? input.dayOfWeek : null,
    dayOfMonth: input.recurrence === 'MONTHLY' ? input.dayOfMonth : null,
    enabled: input.enabled,
    nextGenerationAt: input.enabled ? nextGeneration(input, now) : null,
  };
}

async function replaceSubscribers(db: TExecutor, scheduleId: number, subscriberIds: number[]) {
  await db.delete(reportScheduleSubscribers).where(eq(reportScheduleSubscribers.scheduleId, scheduleId));
  if (subscriberIds.length > 0) {
    await db.insert(reportScheduleSubscribers).values(subscriberIds.map((userId) => ({ scheduleId, userId })));
  }
}

export async function createReportSchedule(
  db: TDatabase,
  auth: TAuthContext,
  input: TReportScheduleConfig,
  actor: TActor,
  now = new Date(),
): Promise<TReportSchedule> {
  return db.transaction(async (tx) => {
    const { parameters, subscriberIds } = await checkSchedule(tx, auth, input);
    const [row] = await tx
      .insert(reportSchedules)
      .values({ ...toColumns(input, parameters, now), ownerId: auth.user.id })
      .returning();
    await replaceSubscribers(tx, row.id, subscriberIds);
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'report_schedule',
      recordId: row.id,
      after: toReportScheduleRecord(row, subscriberIds),
    });
    return (await loadScheduleInReach(tx, auth, row.id)).schedule;
  });
}

export async function updateReportSchedule(
  db: TDatabase,
  auth: TAuthContext,
  id: number,
  input: TReportScheduleConfig,
  actor: TActor,
  now = new Date(),
): Promise<TReportSchedule> {
  return db.transaction(async (tx) => {
    const before = await loadScheduleInReach(tx, auth, id, true);
    const { parameters, subscriberIds } = await checkSchedule(tx, auth, input);
    const [after] = await tx
      .update(reportSchedules)
      .set({ ...toColumns(input, parameters, now), updatedAt: sql`now()` })
      .where(eq(reportSchedules.id, id))
      .returning();
    await replaceSubscribers(tx, id, subscriberIds);
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      recordType: 'report_schedule',
      recordId: id,
      ...diffRecords(
        toReportScheduleRecord(
          before.row,
          before.schedule.subscribers.map((subscriber) => subscriber.id),
        ),
        toReportScheduleRecord(after, subscriberIds),
      ),
    });
    return (await loadScheduleInReach(tx, auth, id)).schedule;
  });
}

/** The schedule goes; the files it generated stay in their owner's personal files. */
export async function deleteReportSchedule(db: TDatabase, auth: TAuthContext, id: number, actor: TActor) {
  await db.transaction(async (tx) => {
    const { row, schedule } = await loadScheduleInReach(tx, auth, id, true);
    await tx.delete(reportSchedules).where(eq(reportSchedules.id, id));
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'report_schedule',
      recordId: id,
      before: toReportScheduleRecord(
        row,
        schedule.subscribers.map((subscriber) => subscriber.id),
      ),
    });
  });
}

/**
 * "Generate now": one generation of the schedule outside its recurrence, as
 * its owner (their scope, their files), emailed to its subscribers. The
 * next scheduled generation stays where it was.
 */
export async function runScheduleNow(
  db: TDatabase,
  jobs: TJobQueue,
  auth: TAuthContext,
  id: number,
  actor: TActor,
): Promise<TReportJob> {
  return db.transaction(async (tx) => {
    const { row, schedule } = await loadScheduleInReach(tx, auth, id);
    const { row: template } = await loadTemplateInReach(tx, auth, row.templateId);
    if (!template.enabled) throw templateDisabled();
    return insertReportJob(tx, jobs, actor, {
      template: { id: template.id, name: schedule.template.name },
      requestedBy: row.ownerId,
      scheduleId: row.id,
      parameters: row.parameters,
      format: row.format,
    });
  });
}

type TDueSchedule = {
  id: number;
  template_id: number;
  template_name: string;
  owner_id: number;
  parameters: TParameterValues;
  format: TReportScheduleRow['format'];
  recurrence: TReportScheduleRow['recurrence'];
  recurring_time: string;
  day_of_week: number | null;
  day_of_month: number | null;
  can_run: boolean;
};

/**
 * Queues a generation for every enabled schedule due at `now` and moves its
 * next generation past `now`, in one transaction (the queue-due-report-schedules
 * job, every minute). SKIP LOCKED keeps two runs at once from queueing one twice. A schedule
 * whose template was disabled, or whose owner can no longer generate
 * reports, only moves on. A schedule missed while the server was down runs
 * once, not once per missed time.
 */
export async function runDueSchedules(db: TDatabase, jobs: TJobQueue, now: Date = new Date()): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<TDueSchedule>(
      sql`select s.id, s.template_id, t.name as template_name, s.owner_id, s.parameters, s.format, s.recurrence,
                 s.recurring_time, s.day_of_week, s.day_of_month,
                 (t.enabled and o.status = 'ACTIVE'
                   and r.permissions && array['GENERATE_REPORTS', 'MANAGE_REPORTS']::text[]) as can_run
            from report_schedules s
            join report_templates t on t.id = s.template_id
            join users o on o.id = s.owner_id
            join roles r on r.id = o.role_id
           where s.enabled and s.next_generation_at <= ${now.toISOString()}::timestamptz
           order by s.next_generation_at
           for update of s skip locked
           limit 200`,
    );
    const jobIds: number[] = [];
    for (const due of rows) {
      if (due.can_run) {
        const job = await insertReportJob(
          tx,
          jobs,
          { userId: due.owner_id, impersonatorUserId: null, ip: null, userAgent: 'report-scheduler' },
          {
            template: { id: due.template_id, name: due.template_name },
            requestedBy: due.owner_id,
            scheduleId: due.id,
            parameters: due.parameters,
            format: due.format,
          },
        );
        jobIds.push(job.id);
      }
      const next = nextGeneration(
        {
          recurrence: due.recurrence,
          recurringTime: due.recurring_time,
          dayOfWeek: due.day_of_week,
          dayOfMonth: due.day_of_month,
        },
        now,
      );
      await tx
        .update(reportSchedules)
        .set({ nextGenerationAt: next })
        .where(and(eq(reportSchedules.id, due.id)));
    }
    return jobIds;
  });
}
