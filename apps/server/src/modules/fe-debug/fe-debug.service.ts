import { createHash } from 'node:crypto';
import type {
  TFeDebugInput,
  TFeDebugListItem,
  TFeDebugReceipt,
  TFeDebugReport,
  TFeDebugSearchQuery,
  TPagedList,
} from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { byFoldedText, matchesSearch } from '../../db/text-search.ts';
import type { TActor } from '../../http/audit.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { userInScopeSql } from '../entities/entity-scope.ts';
import { type TFeDebugRow, toFeDebugListItem, toFeDebugReport } from './fe-debug.presenter.ts';

/**
 * How much a browser may report. A page that fails in a render loop posts the
 * same error again and again: within REPEAT_WINDOW it only counts on the
 * report already stored. New reports are capped per client and for everyone,
 * so a flood (or a bot) cannot fill the table.
 */
export const FE_DEBUG_LIMITS = {
  repeatWindowSeconds: 10 * 60,
  perClientPerMinute: 10,
  allClientsPerMinute: 120,
};

/** What makes two reports "the same error": its kind, message, first stack frame, and the screen. */
export function fingerprintOf(input: TFeDebugInput): string {
  const firstFrame = (input.error.stack ?? '').split('\n').find((line) => /^\s*at\s|@/.test(line)) ?? '';
  return createHash('sha256')
    .update([input.error.name ?? '', input.error.message, firstFrame.trim(), input.location.pathname].join('\n'))
    .digest('hex');
}

function throttled(): AppError {
  return new AppError('TOO_MANY_REQUESTS', {
    message: 'Too many error reports, try again later',
    headers: { 'retry-after': '60' },
  });
}

/**
 * Stores a browser's error report, or counts it on the same one from the same
 * client, or refuses it (429) past the caps. One advisory lock serialises
 * the check and the insert, so several server processes keep one count.
 *
 * Not audited: the audit log records what staff did to the platform's data,
 * and a visitor's browser failing is neither; the report is its own record.
 */
export async function receiveFeDebugReport(
  db: TDatabase,
  input: TFeDebugInput,
  actor: TActor,
): Promise<TFeDebugReceipt> {
  const fingerprint = fingerprintOf(input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fe_debug_reports'))`);
    const repeated = await tx.execute<{ id: number }>(sql`
      update fe_debug_reports set occurrences = occurrences + 1, last_seen_at = now()
       where id = (select id from fe_debug_reports
                    where fingerprint = ${fingerprint} and ip is not distinct from ${actor.ip}
                      and last_seen_at > now() - make_interval(secs => ${FE_DEBUG_LIMITS.repeatWindowSeconds})
                    order by last_seen_at desc limit 1)
       returning id`);
    if (repeated.rows[0]) return { id: repeated.rows[0].id, status: 'REPEATED' as const };

    const recent = await tx.execute<{ mine: number; everyone: number }>(sql`
      select count(*) filter (where ip is not distinct from ${actor.ip})::int as mine, count(*)::int as everyone
        from fe_debug_reports where created_at > now() - interval '1 minute'`);
    const { mine, everyone } = recent.rows[0];
    if (mine >= FE_DEBUG_LIMITS.perClientPerMinute || everyone >= FE_DEBUG_LIMITS.allClientsPerMinute) {
      throw throttled();
    }

    const device = Object.fromEntries(Object.entries(input.device).filter(([, value]) => value !== undefined));
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into fe_debug_reports
        (error_name, message, stack, component_stack, device, href, pathname, user_id, ip, fingerprint)
      values (${input.error.name ?? null}, ${input.error.message}, ${input.error.stack ?? null},
              ${input.error.componentStack ?? null}, ${JSON.stringify(device)}::jsonb, ${input.location.href},
              ${input.location.pathname}, ${actor.userId}, ${actor.ip}, ${fingerprint})
      returning id`);
    return { id: inserted.rows[0].id, status: 'STORED' as const };
  });
}

const REPORT_FROM = sql`from fe_debug_reports r left join users u on u.id = r.user_id`;

/**
 * Security-relevant: like the audit log, a reader limited to some entities
 * sees only the reports of their users (not visitors', which name an address
 * and a page anyone may have opened); any other answers 404.
 */
const reportInScopeSql = (auth: TAuthContext) => userInScopeSql(auth, sql`r.user_id`);

/** The reports, most recently seen first; the search box matches the message, error kind and screen. */
export function searchFeDebugReports(
  db: TDatabase,
  auth: TAuthContext,
  query: TFeDebugSearchQuery,
): Promise<TPagedList<TFeDebugListItem>> {
  return searchPage(
    db,
    {
      columns: sql`r.id, r.error_name, r.message, r.href, r.pathname, r.user_id, u.name as user_name, r.ip,
        r.device ->> 'userAgent' as user_agent, r.occurrences, r.created_at, r.last_seen_at`,
      from: REPORT_FROM,
      countFrom: sql`from fe_debug_reports r`,
      where: [
        reportInScopeSql(auth),
        matchesSearch(query.universalSearch, [
          byFoldedText(sql`r.message`),
          byFoldedText(sql`coalesce(r.error_name, '')`),
          byFoldedText(sql`r.pathname`),
        ]),
      ],
      sortColumns: {
        createdAt: { expression: sql`r.created_at` },
        lastSeenAt: { expression: sql`r.last_seen_at` },
        occurrences: { expression: sql`r.occurrences` },
      },
      defaultSort: 'lastSeenAt',
      defaultDirection: 'DESC',
      tiebreak: sql`r.id`,
    },
    query,
    (row: TFeDebugRow) => toFeDebugListItem(row),
  );
}

export async function readFeDebugReport(db: TDatabase, auth: TAuthContext, id: number): Promise<TFeDebugReport> {
  const inScope = reportInScopeSql(auth);
  const { rows } = await db.execute<TFeDebugRow & Record<string, unknown>>(
    sql`select r.*, u.name as user_name ${REPORT_FROM} where r.id = ${id} ${inScope ? sql`and ${inScope}` : sql``}`,
  );
  if (!rows[0]) throw notFound();
  return toFeDebugReport(rows[0]);
}
