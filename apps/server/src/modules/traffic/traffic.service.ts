import { parseConfigurationValue, TRAFFIC_POLL_INTERVAL_MS, type TTrafficFeedStatus } from '@mip/shared';
import { eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { trafficFeedStatus, trafficJams } from '../../db/schema/index.ts';
import { recordAudit, type TActor } from '../../http/audit.ts';
import { AppError } from '../../http/errors.ts';
import { listAllConfiguration } from '../configuration/configuration.service.ts';
import { DEFAULT_FETCH_LIMITS, fetchFeedText, type TFetchLimits } from './feed-fetch.ts';
import { toFeedStatus } from './traffic.presenter.ts';
import { FeedError, parseWazeFeed } from './waze-feed.ts';

/** The configuration names of the feed (see the configuration catalogue). */
export const WAZE_ENABLED = 'app.waze.enabled';
export const WAZE_FEED_URL = 'waze.feedUrl';

/** Any fixed number, the same in every server process: whoever holds it is polling the feed. */
const POLL_LOCK_KEY = 7_417_372_001;
/** A scheduled poll is due a little before the interval ends, so timer drift never skips a round. */
const DUE_MARGIN_MS = 10_000;
const INSERT_BATCH = 500;

export interface TTrafficSettings {
  isEnabled: boolean;
  feedUrl: string | null;
}

export async function readTrafficSettings(db: TDatabase): Promise<TTrafficSettings> {
  const pairs = new Map((await listAllConfiguration(db)).map((pair) => [pair.name, pair.value]));
  const url = parseConfigurationValue(pairs.get(WAZE_FEED_URL) ?? '""');
  return {
    isEnabled: parseConfigurationValue(pairs.get(WAZE_ENABLED) ?? 'false') === true,
    feedUrl: typeof url === 'string' && url.trim() !== '' ? url.trim() : null,
  };
}

export type TPollOutcome =
  | { outcome: 'UPDATED'; jamCount: number; skipped: number }
  | { outcome: 'FAILED'; code: FeedError['code']; detail: string }
  /** Another poll (this process or another) holds the lock. */
  | { outcome: 'BUSY' }
  /** A scheduled poll found the last attempt recent enough: another process polled. */
  | { outcome: 'NOT_DUE' }
  /** Traffic is off or no feed URL is configured. */
  | { outcome: 'DISABLED' };

export interface TPollOptions {
  /** Scheduled polls skip when another process attempted one within the interval; a manual refresh does not. */
  isScheduled: boolean;
  limits?: TFetchLimits;
  intervalMs?: number;
  /** Who asked for a manual refresh: audited in the poll's transaction. */
  actor?: TActor;
}

/**
 * Fetches the feed and replaces the snapshot, all inside one transaction that
 * holds a PostgreSQL advisory lock: of several server processes only one
 * polls at a time, and the due check under the lock makes it one poll per
 * interval across them all. A failure leaves the previous jams in place and
 * is recorded with its reason.
 */
export async function pollTrafficFeed(db: TDatabase, options: TPollOptions): Promise<TPollOutcome> {
  const settings = await readTrafficSettings(db);
  if (!settings.isEnabled || !settings.feedUrl) return { outcome: 'DISABLED' };
  const feedUrl = settings.feedUrl;
  const intervalMs = options.intervalMs ?? TRAFFIC_POLL_INTERVAL_MS;
  return db.transaction(async (tx) => {
    const { rows: lock } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${POLL_LOCK_KEY}::bigint) as locked`,
    );
    if (!lock[0]?.locked) return { outcome: 'BUSY' } as const;
    const audited = async <T extends TPollOutcome>(outcome: T): Promise<T> => {
      if (options.actor) {
        await recordAudit(tx, options.actor, {
          action: 'REFRESH',
          recordType: 'traffic_feed',
          recordId: 1,
          after: outcome,
        });
      }
      return outcome;
    };
    await tx.insert(trafficFeedStatus).values({ id: 1 }).onConflictDoNothing();
    if (options.isScheduled) {
      const { rows } = await tx.execute<{ is_due: boolean }>(
        sql`select last_attempt_at is null
                   or last_attempt_at < now() - make_interval(secs => ${(intervalMs - DUE_MARGIN_MS) / 1000}) as is_due
              from traffic_feed_status where id = 1`,
      );
      if (!rows[0]?.is_due) return { outcome: 'NOT_DUE' } as const;
    }
    await tx.update(trafficFeedStatus).set({ lastAttemptAt: sql`now()` }).where(eq(trafficFeedStatus.id, 1));
    let parsed: ReturnType<typeof parseWazeFeed>;
    try {
      parsed = parseWazeFeed(await fetchFeedText(feedUrl, options.limits ?? DEFAULT_FETCH_LIMITS));
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      await tx
        .update(trafficFeedStatus)
        .set({ lastFailureAt: sql`now()`, lastFailureCode: error.code, lastFailureDetail: error.message })
        .where(eq(trafficFeedStatus.id, 1));
      return audited({ outcome: 'FAILED', code: error.code, detail: error.message } as const);
    }
    await tx.delete(trafficJams);
    for (let start = 0; start < parsed.jams.length; start += INSERT_BATCH) {
      await tx.insert(trafficJams).values(parsed.jams.slice(start, start + INSERT_BATCH));
    }
    await tx
      .update(trafficFeedStatus)
      .set({
        version: sql`${trafficFeedStatus.version} + 1`,
        lastSuccessAt: sql`now()`,
        jamCount: parsed.jams.length,
        skippedCount: parsed.skipped,
        feedTime: parsed.feedTime,
        details: { alerts: parsed.alertCount, irregularities: parsed.irregularityCount },
      })
      .where(eq(trafficFeedStatus.id, 1));
    return audited({ outcome: 'UPDATED', jamCount: parsed.jams.length, skipped: parsed.skipped } as const);
  });
}

export async function readTrafficFeedStatus(db: TDatabase): Promise<TTrafficFeedStatus> {
  const [settings, [row]] = await Promise.all([
    readTrafficSettings(db),
    db.select().from(trafficFeedStatus).where(eq(trafficFeedStatus.id, 1)),
  ]);
  return toFeedStatus(settings, row ?? null);
}

/**
 * Staff ask for a poll now (after changing the feed URL, say) rather than at
 * the next round. Audited: it replaces what every visitor sees.
 */
export async function refreshTrafficFeed(db: TDatabase, actor: TActor, limits?: TFetchLimits) {
  const result = await pollTrafficFeed(db, { isScheduled: false, limits, actor });
  if (result.outcome === 'DISABLED') {
    throw new AppError('TRAFFIC_FEED_NOT_CONFIGURED', {
      status: 409,
      message: 'Traffic is off or no feed URL is configured',
    });
  }
  if (result.outcome === 'BUSY') {
    throw new AppError('TRAFFIC_POLL_RUNNING', { status: 409, message: 'The feed is being read right now' });
  }
  return readTrafficFeedStatus(db);
}
