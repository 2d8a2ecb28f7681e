import type { TEventCategoryType, TEventPriority, TEventStatus, TEventSubType } from '@mip/shared';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { z } from 'zod';
import type { TFeedEvent } from './open-feeds.service.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const { Cause, Effect, SeverityLevel } = rt.Alert;

type TCause = keyof typeof Cause;
type TEffect = keyof typeof Effect;

/**
 * Cause and effect of a Service Alert, read from the event's road sub-type (spec names in EVENT_SUB_TYPES).
 * A closed road makes vehicles go round it (DETOUR); when the event names only stops, those stops are not
 * served (NO_SERVICE, see effectOf). A hazard leaves the service running with a risk on its way, which GTFS-RT
 * has no word for (OTHER_EFFECT). Causes GTFS-RT cannot say (a hazard, a pothole) are OTHER_CAUSE.
 */
export const ALERT_CAUSE_EFFECT: Record<TEventSubType, { cause: TCause; effect: TEffect }> = {
  ROAD_CLOSED_CONSTRUCTION: { cause: 'CONSTRUCTION', effect: 'DETOUR' },
  ROAD_CLOSED_EVENT: { cause: 'SPECIAL_EVENT', effect: 'DETOUR' },
  ROAD_CLOSED_HAZARD: { cause: 'OTHER_CAUSE', effect: 'DETOUR' },
  HAZARD_ON_ROAD: { cause: 'OTHER_CAUSE', effect: 'OTHER_EFFECT' },
  HAZARD_ON_ROAD_CONSTRUCTION: { cause: 'CONSTRUCTION', effect: 'OTHER_EFFECT' },
  HAZARD_ON_ROAD_POT_HOLE: { cause: 'OTHER_CAUSE', effect: 'OTHER_EFFECT' },
  HAZARD_WEATHER: { cause: 'WEATHER', effect: 'OTHER_EFFECT' },
};

/** A road event without a sub-type (older data) and a generic one: what their category type says. */
const CAUSE_EFFECT_BY_CATEGORY_TYPE: Record<TEventCategoryType, { cause: TCause; effect: TEffect }> = {
  TRAFFIC_CLOSED: { cause: 'UNKNOWN_CAUSE', effect: 'DETOUR' },
  TRAFFIC_HAZARD: { cause: 'UNKNOWN_CAUSE', effect: 'OTHER_EFFECT' },
  GENERIC: { cause: 'UNKNOWN_CAUSE', effect: 'OTHER_EFFECT' },
};

/** Priority to severity: LOW is information, NORMAL a warning, HIGH and CRITICAL severe. */
export const ALERT_SEVERITY: Record<TEventPriority, keyof typeof SeverityLevel> = {
  LOW: 'INFO',
  NORMAL: 'WARNING',
  HIGH: 'SEVERE',
  CRITICAL: 'SEVERE',
};

export function causeAndEffectOf(event: Pick<TFeedEvent, 'subType' | 'categoryType' | 'transit'>) {
  const mapped =
    (event.subType && ALERT_CAUSE_EFFECT[event.subType]) || CAUSE_EFFECT_BY_CATEGORY_TYPE[event.categoryType];
  const isStopsOnly = event.transit.every((entity) => entity.systemType === 'STOP');
  const effect = mapped.effect === 'DETOUR' && isStopsOnly ? 'NO_SERVICE' : mapped.effect;
  return { cause: mapped.cause, effect };
}

/**
 * The feed's fixed words in both languages. The title and description are written once, in Portuguese, by
 * staff: they are given as written under 'pt'; the English text is made of what can be translated (the kind
 * of event, its status) and carries the Portuguese text, said to be so, rather than passing it off as English.
 */
const KIND: Record<TEventSubType | TEventCategoryType, { pt: string; en: string }> = {
  ROAD_CLOSED_CONSTRUCTION: { pt: 'Via cortada por obras', en: 'Road closed for works' },
  ROAD_CLOSED_EVENT: { pt: 'Via cortada por evento', en: 'Road closed for an event' },
  ROAD_CLOSED_HAZARD: { pt: 'Via cortada por perigo', en: 'Road closed: hazard' },
  HAZARD_ON_ROAD: { pt: 'Perigo na via', en: 'Hazard on the road' },
  HAZARD_ON_ROAD_CONSTRUCTION: { pt: 'Obras na via', en: 'Road works' },
  HAZARD_ON_ROAD_POT_HOLE: { pt: 'Buraco na via', en: 'Pothole' },
  HAZARD_WEATHER: { pt: 'Condições meteorológicas', en: 'Weather hazard' },
  TRAFFIC_CLOSED: { pt: 'Via cortada', en: 'Road closed' },
  TRAFFIC_HAZARD: { pt: 'Perigo na via', en: 'Hazard on the road' },
  GENERIC: { pt: 'Ocorrência', en: 'Incident' },
};
const STATUS: Record<TEventStatus, { pt: string; en: string }> = {
  OPEN: { pt: 'Aberta', en: 'Open' },
  IN_PROGRESS: { pt: 'Em curso', en: 'In progress' },
  PENDING: { pt: 'Pendente', en: 'Pending' },
  RESOLVED: { pt: 'Resolvida', en: 'Resolved' },
  CLOSED: { pt: 'Fechada', en: 'Closed' },
};

export function alertTexts(
  event: Pick<TFeedEvent, 'title' | 'description' | 'status' | 'subType' | 'categoryType' | 'categoryName'>,
) {
  const kind = KIND[event.subType ?? event.categoryType];
  const status = STATUS[event.status];
  const description = event.description.trim();
  return {
    header: { pt: event.title, en: `${kind.en}: ${event.title}` },
    description: {
      pt: [description, `${event.categoryName} · ${kind.pt} · Estado: ${status.pt}`].filter(Boolean).join('\n\n'),
      en: [`${kind.en} · Status: ${status.en}`, description && `In Portuguese: ${description}`]
        .filter(Boolean)
        .join('\n\n'),
    },
  };
}

const translated = (texts: { pt: string; en: string }) => ({
  translation: [
    { text: texts.pt, language: 'pt' },
    { text: texts.en, language: 'en' },
  ],
});

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The link that opens the event on the public map (spec 001: the map's occurrence parameter). */
export const occurrenceUrl = (publicUrl: string, id: number) => `${publicUrl}/?occurrence=${id}`;

/**
 * The GTFS-Realtime Service Alerts feed: one alert per event naming at least one GTFS stop or route, the
 * whole data set every time (FULL_DATASET).
 */
export function buildAlertsFeed(events: TFeedEvent[], options: { publicUrl: string; now: Date }) {
  const entity = events
    .filter((event) => event.transit.length > 0)
    .map((event) => {
      const { cause, effect } = causeAndEffectOf(event);
      const texts = alertTexts(event);
      return {
        id: `event-${event.id}`,
        alert: {
          activePeriod: [
            event.toTimestamp
              ? { start: seconds(event.fromTimestamp), end: seconds(event.toTimestamp) }
              : { start: seconds(event.fromTimestamp) },
          ],
          informedEntity: event.transit.map((transit) =>
            transit.systemType === 'STOP'
              ? { stopId: transit.gtfsId }
              : { routeId: transit.gtfsId, ...(transit.agencyId ? { agencyId: transit.agencyId } : {}) },
          ),
          cause: Cause[cause],
          effect: Effect[effect],
          severityLevel: SeverityLevel[ALERT_SEVERITY[event.priority]],
          // One link for both languages: the map shows the event in the visitor's language.
          url: { translation: [{ text: occurrenceUrl(options.publicUrl, event.id) }] },
          headerText: translated(texts.header),
          descriptionText: translated(texts.description),
        },
      };
    });
  return rt.FeedMessage.create({
    header: {
      gtfsRealtimeVersion: '2.0',
      incrementality: rt.FeedHeader.Incrementality.FULL_DATASET,
      timestamp: seconds(options.now),
    },
    entity,
  });
}

export type TAlertsFeed = ReturnType<typeof buildAlertsFeed>;

export const encodeAlertsFeed = (feed: TAlertsFeed): Buffer => Buffer.from(rt.FeedMessage.encode(feed).finish());

/** The protobuf JSON mapping of the same message (lowerCamelCase names, enums by name, 64-bit numbers as strings). */
export const alertsFeedJson = (feed: TAlertsFeed): string => JSON.stringify(feed.toJSON());

const ZTranslatedString = z.object({
  translation: z.array(z.object({ text: z.string(), language: z.string().optional() })),
});

/** GET /feeds/gtfs-rt/alerts.json, for the documentation and the tests. */
export const ZAlertsFeedJson = z.object({
  header: z.object({
    gtfsRealtimeVersion: z.literal('2.0'),
    incrementality: z.literal('FULL_DATASET'),
    timestamp: z.string().describe('POSIX seconds'),
  }),
  entity: z
    .array(
      z.object({
        id: z.string(),
        alert: z.object({
          activePeriod: z.array(z.object({ start: z.string(), end: z.string().optional() })),
          informedEntity: z.array(
            z.object({
              agencyId: z.string().optional(),
              routeId: z.string().optional(),
              stopId: z.string().optional(),
            }),
          ),
          cause: z.enum(Object.keys(Cause) as [TCause, ...TCause[]]),
          effect: z.enum(Object.keys(Effect) as [TEffect, ...TEffect[]]),
          severityLevel: z.enum(['UNKNOWN_SEVERITY', 'INFO', 'WARNING', 'SEVERE']),
          url: ZTranslatedString,
          headerText: ZTranslatedString,
          descriptionText: ZTranslatedString,
        }),
      }),
    )
    .optional()
    .describe('Absent when no public event affects a transit stop or route'),
});
