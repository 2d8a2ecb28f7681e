import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createNotifiedCache } from '../../db/change-listener.ts';
import type { TDatabase } from '../../db/database.ts';
import { MAP_CHANNEL } from '../map/map-cache.ts';
import { alertsFeedJson, buildAlertsFeed, encodeAlertsFeed } from './open-feeds.gtfs-rt.ts';
import { readFeedEvents } from './open-feeds.service.ts';
import { buildWazeFeed } from './open-feeds.waze.ts';

/**
 * How long a built answer is kept at most. Writes to events and their categories drop it at once (the map's
 * notification, migration 0007); this bound is for what no write announces: an event reaching its end time,
 * a renamed entity, and a missed notification.
 */
const MAX_AGE_MS = 15_000;

export interface TFeedAnswer {
  etag: string;
  body: Buffer;
  /** The same bytes gzipped once per build: feeds are polled far more often than they change. */
  gzipped: Buffer;
}

function answerOf(etag: string, body: string | Buffer): TFeedAnswer {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return { etag, body: bytes, gzipped: gzipSync(bytes) };
}

export interface TOpenFeeds {
  gtfsRtAlerts: TFeedAnswer;
  gtfsRtAlertsJson: TFeedAnswer;
  wazeCifs: TFeedAnswer;
}

/** A weak tag: the same data gives the same tag whatever the header timestamp of the GTFS-RT message says. */
const tagOf = (kind: string, content: string) =>
  `W/"${kind}-${createHash('sha1').update(content).digest('base64url').slice(0, 22)}"`;

async function buildFeeds(db: TDatabase, publicUrl: string): Promise<TOpenFeeds> {
  const events = await readFeedEvents(db);
  const alerts = buildAlertsFeed(events, { publicUrl, now: new Date() });
  const alertsData = JSON.stringify(alerts.entity);
  const waze = JSON.stringify(buildWazeFeed(events, publicUrl));
  return {
    gtfsRtAlerts: answerOf(tagOf('pb', alertsData), encodeAlertsFeed(alerts)),
    gtfsRtAlertsJson: answerOf(tagOf('json', alertsData), alertsFeedJson(alerts)),
    wazeCifs: answerOf(tagOf('cifs', waze), waze),
  };
}

export const createOpenFeedsCache = (db: TDatabase, publicUrl: string) =>
  createNotifiedCache(db, MAP_CHANNEL, MAX_AGE_MS, () => buildFeeds(db, publicUrl));
