import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../src/db/database.ts';
import { createEventCategory, SANTA_CATARINA } from './event-factories.ts';
import { createUser, signIn } from './factories.ts';

/** Polls until the condition holds; throws with `what` once `timeoutMs` has passed. */
export async function until(
  what: string,
  isTrue: () => boolean | Promise<boolean>,
  timeoutMs: number,
  describeState: () => string = () => '',
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await isTrue())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms ${describeState()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface TWriteOutcome {
  /** Ids of the events whose creation was acknowledged (200). */
  acknowledged: number[];
  /** How many answers of each status and code the writes got ("201", "503 DATABASE_UNAVAILABLE", …). */
  answers: Record<string, number>;
}

/**
 * Writers creating events through the API one after another until stopped, as
 * staff would while the database goes away: what was acknowledged, and what
 * every other answer said.
 */
export async function startEventWriters(app: FastifyInstance, db: TDatabase, writers = 3) {
  const user = await createUser(db, { permissions: ['MANAGE_EVENTS', 'WRITE_EVENT'] });
  const { authorization } = await signIn(app, user.email);
  const category = await createEventCategory(db);
  const titlePrefix = `Queda da base de dados ${randomBytes(4).toString('hex')}`;
  const outcome: TWriteOutcome = { acknowledged: [], answers: {} };
  let isStopped = false;
  let count = 0;
  const write = async () => {
    while (!isStopped) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { authorization },
        payload: {
          title: `${titlePrefix} ${++count}`,
          categoryId: category.id,
          fromTimestamp: new Date(Date.now() - 3_600_000).toISOString(),
          geojson: SANTA_CATARINA,
        },
      });
      const isAcknowledged = response.statusCode === 200;
      const retryAfter = response.headers['retry-after'];
      const key = isAcknowledged
        ? '200'
        : `${response.statusCode} ${response.json().code}${retryAfter ? ` retry-after ${retryAfter}` : ''}`;
      outcome.answers[key] = (outcome.answers[key] ?? 0) + 1;
      if (isAcknowledged) outcome.acknowledged.push(response.json().id);
      // A 503 says when to come back; these writers only pause a little, to see the database return.
      if (response.statusCode === 503) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const running = Array.from({ length: writers }, write);
  return {
    titlePrefix,
    outcome,
    stop: async () => {
      isStopped = true;
      await Promise.all(running);
      return outcome;
    },
  };
}

/** The writers' events in the database, and those among them without their audit row (half-written). */
export async function storedEvents(db: TDatabase, titlePrefix: string) {
  const { rows } = await db.execute<{ id: number; audited: boolean }>(
    sql`select e.id, exists (select 1 from audit_log a where a.record_type = 'event' and a.record_id = e.id::text)
               as audited
          from events e where e.title like ${`${titlePrefix} %`}`,
  );
  return { ids: rows.map((row) => row.id), unaudited: rows.filter((row) => !row.audited).map((row) => row.id) };
}

/** Every /api/health answer from now until stopped, as "200 ok" or "503 degraded". */
export function recordHealth(app: FastifyInstance) {
  const seen = new Set<string>();
  let isStopped = false;
  const poll = async () => {
    while (!isStopped) {
      const response = await app.inject({ url: '/api/health' });
      const body = response.json();
      seen.add(`${response.statusCode} ${body.status} ${body.database}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const running = poll();
  return {
    seen,
    stop: async () => {
      isStopped = true;
      await running;
      return seen;
    },
  };
}
