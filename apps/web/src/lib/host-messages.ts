import { LANGUAGES, type TLanguage, type TMobilitySystem } from '@mip/shared';
import { z } from 'zod';

/**
 * The messages the product exchanges with a mobile app that wraps it (spec 001 §3, §7): every
 * messageType and its payload, both ways. README.md "Inside a mobile app" is this file in prose.
 */

/** What the page posts to the host. */
export const PAGE_MESSAGE = {
  READY: 'READY',
  NAVIGATED: 'NAVIGATED',
  SYSTEM_SELECTED: 'SYSTEM_SELECTED',
  INCIDENT_SELECTED: 'INCIDENT_SELECTED',
  SELECTION_CLEARED: 'SELECTION_CLEARED',
  OCCURRENCE_REPORTED: 'OCCURRENCE_REPORTED',
  SIGNED_IN: 'SIGNED_IN',
  SIGNED_OUT: 'SIGNED_OUT',
  /** A request: the host answers with the same id and a TLocationAnswer. */
  GET_LOCATION: 'GET_LOCATION',
} as const;

type TNothing = Record<string, never>;

export interface TPagePayloads {
  READY: { language: TLanguage; path: string; version: string; signedIn: boolean };
  NAVIGATED: { path: string };
  SYSTEM_SELECTED: { id: number; name: string; groupId: number; type: TMobilitySystem['systemType'] };
  INCIDENT_SELECTED: { id: number; title: string };
  SELECTION_CLEARED: TNothing;
  OCCURRENCE_REPORTED: { id: number };
  // Never the token nor who signed in: any page framing the product would learn it too.
  SIGNED_IN: TNothing;
  SIGNED_OUT: TNothing;
  GET_LOCATION: TNothing;
}

export type TPageMessageType = keyof TPagePayloads;
export type TPageMessage<T extends TPageMessageType = TPageMessageType> = {
  [K in T]: { messageType: K; payload: TPagePayloads[K] };
}[T];

const ZLatitude = z.number().min(-90).max(90);
const ZLongitude = z.number().min(-180).max(180);

/** What the host may send, each payload checked before anything acts on it (a host is code we do not control). */
export const ZHostPayloads = {
  SET_LANGUAGE: z.object({ language: z.enum(LANGUAGES) }),
  NAVIGATE: z.object({ path: z.string().max(2000) }),
  SHOW_SYSTEM: z.object({ id: z.number().int().positive() }),
  CENTER_MAP: z.object({ latitude: ZLatitude, longitude: ZLongitude, zoom: z.number().min(0).max(24).optional() }),
};

export type THostMessageType = keyof typeof ZHostPayloads;
export type THostPayload<T extends THostMessageType> = z.infer<(typeof ZHostPayloads)[T]>;

/** The host's answer to GET_LOCATION; anything else (e.g. `{error: 'DENIED'}`) sends the page to the browser's position. */
export const ZLocationAnswer = z.object({
  latitude: ZLatitude,
  longitude: ZLongitude,
  accuracy: z.number().nonnegative().optional(),
});
export type TLocationAnswer = z.infer<typeof ZLocationAnswer>;

/** How long the page waits for the host's position before asking the browser. */
export const GET_LOCATION_TIMEOUT_MS = 8000;

/** The payload of a host message, or null when it is not what that messageType carries. */
export function readHostPayload<T extends THostMessageType>(messageType: T, payload: unknown): THostPayload<T> | null {
  const parsed = ZHostPayloads[messageType].safeParse(payload);
  return parsed.success ? (parsed.data as THostPayload<T>) : null;
}

/**
 * A path the host asks to open, as the router takes it, or null unless it stays on this origin.
 * Guards security: a host's NAVIGATE must not become a way to send the visitor elsewhere.
 */
export function toAppPath(path: string, origin: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (!URL.canParse(path, origin)) return null;
  const url = new URL(path, origin);
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
