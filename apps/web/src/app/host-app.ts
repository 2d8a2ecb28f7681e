import { useEffect, useEffectEvent, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { useSessionState } from '../features/auth/session-store';
import { readAppId } from '../features/configuration/useAppConfiguration';
import { changeLanguage } from '../i18n';
import {
  PAGE_MESSAGE,
  readHostPayload,
  type THostMessageType,
  type THostPayload,
  type TPageMessage,
  type TPagePayloads,
  toAppPath,
} from '../lib/host-messages';
import { browserBridgeEnvironment, createMobileBridge, type TMobileBridge } from '../lib/mobile-bridge';
import type { TRouteHandle } from './router';

/**
 * The product's one bridge to the mobile app wrapping it, or null in a plain browser: then nothing
 * listens, nothing is posted and every hook below does nothing.
 */
export const hostApp: TMobileBridge | null = connectHostApp();

function connectHostApp(): TMobileBridge | null {
  if (typeof window === 'undefined') return null;
  const environment = browserBridgeEnvironment();
  return environment.reactNative || environment.parent ? createMobileBridge(environment) : null;
}

/** Tells the host app something, when there is one. */
export function tellHost(message: TPageMessage) {
  hostApp?.post(message.messageType, message.payload);
}

/** Runs the handler for each valid message of that type the host sends; invalid ones are dropped. */
export function useHostMessage<T extends THostMessageType>(
  messageType: T,
  handler: (payload: THostPayload<T>) => void,
) {
  const handle = useEffectEvent(handler);
  useEffect(() => {
    if (!hostApp) return;
    return hostApp.onMessage(messageType, (message) => {
      const payload = readHostPayload(messageType, message.payload);
      if (!payload) return;
      try {
        handle(payload);
      } catch (error) {
        // A message the page cannot carry out is the host's problem to see, not a broken page.
        console.error(`host message ${messageType} failed`, error);
      }
    });
  }, [messageType]);
}

export type TMapRequest =
  | { messageType: 'SHOW_SYSTEM'; payload: THostPayload<'SHOW_SYSTEM'> }
  | { messageType: 'CENTER_MAP'; payload: THostPayload<'CENTER_MAP'> };

/**
 * The host's last request for the map, kept until the map carries it out: it may come while another
 * screen is shown, or while the map page is still loading.
 */
let pendingMapRequest: TMapRequest | null = null;
const mapRequestListeners = new Set<() => void>();

function requestMap(request: TMapRequest) {
  pendingMapRequest = request;
  for (const listener of mapRequestListeners) listener();
}

const subscribeToMapRequests = (listener: () => void) => {
  mapRequestListeners.add(listener);
  return () => void mapRequestListeners.delete(listener);
};

/** On the map page: carries out the host's requests for the map once `isReady` (the map has loaded). */
export function useHostMapRequests(isReady: boolean, carryOut: (request: TMapRequest) => void) {
  const pending = useSyncExternalStore(subscribeToMapRequests, () => pendingMapRequest);
  const run = useEffectEvent(carryOut);
  useEffect(() => {
    // Taken once: a second run of this effect (StrictMode) finds it gone.
    if (!pending || !isReady || pendingMapRequest !== pending) return;
    pendingMapRequest = null;
    run(pending);
  }, [pending, isReady]);
}

declare const __APP_VERSION__: string;

/**
 * The bridge's app-wide part, in the frame around every screen: READY once booted, NAVIGATED on each
 * route, SIGNED_IN / SIGNED_OUT; the host's language, navigation and map requests.
 */
export function useHostAppFrame() {
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { session } = useSessionState();
  const isOnMap = useMatches().some((match) => (match.handle as TRouteHandle | undefined)?.route.path === '/');

  useHostMessage('SET_LANGUAGE', ({ language }) => void changeLanguage(language));
  useHostMessage('NAVIGATE', ({ path }) => {
    const target = toAppPath(path, window.location.origin);
    if (target) void navigate(target);
  });
  const showMap = (request: TMapRequest) => {
    requestMap(request);
    if (isOnMap) return;
    const appId = readAppId(location.pathname);
    void navigate(appId ? `/app/${appId}/` : '/');
  };
  useHostMessage('SHOW_SYSTEM', (payload) => showMap({ messageType: 'SHOW_SYSTEM', payload }));
  useHostMessage('CENTER_MAP', (payload) => showMap({ messageType: 'CENTER_MAP', payload }));

  // After the handlers above, so that once READY is out every message the host sends is heard.
  const path = `${location.pathname}${location.search}`;
  const toldPath = useRef<string | null>(null);
  const isSignedIn = session !== null;
  const tellReady = useEffectEvent(() =>
    tellHost({
      messageType: PAGE_MESSAGE.READY,
      payload: {
        language: i18n.language as TPagePayloads['READY']['language'],
        path,
        version: __APP_VERSION__,
        signedIn: isSignedIn,
      },
    }),
  );
  useEffect(() => {
    if (!hostApp || toldPath.current === path) return;
    if (toldPath.current === null) tellReady();
    else tellHost({ messageType: PAGE_MESSAGE.NAVIGATED, payload: { path } });
    toldPath.current = path;
  }, [path]);

  const userId = session?.id ?? null;
  const toldUser = useRef(userId);
  useEffect(() => {
    if (!hostApp || toldUser.current === userId) return;
    toldUser.current = userId;
    tellHost({ messageType: userId === null ? PAGE_MESSAGE.SIGNED_OUT : PAGE_MESSAGE.SIGNED_IN, payload: {} });
  }, [userId]);
}
