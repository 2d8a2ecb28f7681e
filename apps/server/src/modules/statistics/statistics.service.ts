import type { TUsageSummary, ZUsageSession, ZUsageSummaryQuery } from '@mip/shared';
import { USAGE_TOP_SYSTEMS } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase } from '../../db/database.ts';
import { usageSessions } from '../../db/schema/index.ts';

type TSession = z.infer<typeof ZUsageSession>;
type TSummaryQuery = z.infer<typeof ZUsageSummaryQuery>;

/**
 * Stores the session sent by a map visitor (spec 001 §7 PUT /statistics/session).
 * The same id updates the same row: the labels and clicks as sent now, the
 * start as first seen, the current time only forwards. Not audited: it is
 * anonymous telemetry sent every minute by every visitor, not a change
 * anyone made to the platform.
 */
export async function saveUsageSession(db: TDatabase, session: TSession): Promise<void> {
  const values = {
    id: session.id,
    deviceType: session.deviceType,
    browserName: session.browserName,
    browserVersion: session.browserVersion,
    operatingSystem: session.operatingSystem,
    operatingSystemVersion: session.operatingSystemVersion,
    startTimestamp: new Date(session.startTimestamp),
    currentTimestamp: new Date(session.currentTimestamp),
    systemsClicked: session.systemsClicked,
    filter: session.filter,
  };
  await db
    .insert(usageSessions)
    .values(values)
    .onConflictDoUpdate({
      target: usageSessions.id,
      set: {
        deviceType: sql`excluded.device_type`,
        browserName: sql`excluded.browser_name`,
        browserVersion: sql`excluded.browser_version`,
        operatingSystem: sql`excluded.operating_system`,
        operatingSystemVersion: sql`excluded.operating_system_version`,
        currentTimestamp: sql`greatest(${usageSessions.currentTimestamp}, excluded.client_current_at)`,
        systemsClicked: sql`excluded.systems_clicked`,
        filter: sql`excluded.filter`,
        lastSeenAt: sql`now()`,
      },
    });
}

/**
 * How long a visit lasted: what the browser's own times say (a session sent
 * once still spans its first minute), or what the server saw if longer;
 * capped at a day, since a visitor's clock is not to be trusted blindly.
 */
const SESSION_LENGTH = sql`least(greatest(client_current_at - client_started_at, last_seen_at - first_seen_at), interval '1 day')`;

type TCountRow = {
  name: string | null;
  sessions: number;
};

/**
 * Aggregates for the statistics screen over whole days in the caller's time
 * zone; a session counts on the day the server first saw it.
 */
export async function summarizeUsage(db: TDatabase, query: TSummaryQuery, timeZone: string): Promise<TUsageSummary> {
  const range = sql`first_seen_at >= (${query.from}::date)::timestamp at time zone ${timeZone}
    and first_seen_at < ((${query.to}::date + 1))::timestamp at time zone ${timeZone}`;
  const countBy = (column: string) =>
    db
      .execute<TCountRow>(
        sql`select ${sql.identifier(column)} as name, count(*)::int as sessions
              from usage_sessions where ${range}
             group by 1 order by 2 desc, 1 asc nulls last limit 20`,
      )
      .then((result) => result.rows);
  const [totals, perDay, deviceTypes, browsers, operatingSystems, topSystems] = await Promise.all([
    db.execute<{ sessions: number; average: number | null; clicks: number }>(
      sql`select count(*)::int as sessions,
                 avg(extract(epoch from ${SESSION_LENGTH}))::float8 as average,
                 coalesce(sum(cardinality(systems_clicked)), 0)::int as clicks
            from usage_sessions where ${range}`,
    ),
    db.execute<{ date: string; sessions: number }>(
      sql`select to_char(g.day, 'YYYY-MM-DD') as date, coalesce(n.sessions, 0)::int as sessions
            from generate_series(${query.from}::date, ${query.to}::date, interval '1 day') as g(day)
            left join (select (first_seen_at at time zone ${timeZone})::date as seen_on, count(*) as sessions
                         from usage_sessions where ${range} group by 1) n on n.seen_on = g.day::date
           order by g.day`,
    ),
    countBy('device_type'),
    countBy('browser_name'),
    countBy('operating_system'),
    db.execute<{ system_id: number; name: string | null; clicks: number; sessions: number }>(
      sql`select c.system_id, m.name, c.clicks, c.sessions
            from (select clicked as system_id, count(*)::int as clicks, count(distinct u.id)::int as sessions
                    from usage_sessions u cross join unnest(u.systems_clicked) as clicked
                   where ${range} group by clicked) c
            left join mobility_systems m on m.id = c.system_id
           order by c.clicks desc, c.system_id limit ${USAGE_TOP_SYSTEMS}`,
    ),
  ]);
  const total = totals.rows[0];
  return {
    from: query.from,
    to: query.to,
    timeZone,
    totalSessions: total.sessions,
    averageDurationSeconds: Math.round(total.average ?? 0),
    totalClicks: total.clicks,
    sessionsPerDay: perDay.rows,
    deviceTypes,
    browsers,
    operatingSystems,
    topSystems: topSystems.rows.map((row) => ({
      systemId: row.system_id,
      name: row.name,
      clicks: row.clicks,
      sessions: row.sessions,
    })),
  };
}
