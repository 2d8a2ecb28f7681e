import type { TFeDebugInput, TFeDebugReceipt } from '@mip/shared';
import { api } from '../../api/client';

const MAX = { name: 200, message: 2000, stack: 10_000, href: 2000 };
/** Errors this tab already sent: a screen that fails on every render reports once. */
const sent = new Set<string>();

const clip = (text: string | undefined, max: number) => (text === undefined ? undefined : text.slice(0, max));

/** What the spec's debug call carries (001 §7): the error, the device and the location. */
export function buildErrorReport(error: unknown, componentStack?: string): TFeDebugInput {
  const isError = error instanceof Error;
  const message = isError ? error.message : typeof error === 'string' ? error : JSON.stringify(error ?? null);
  const screen = typeof window.screen === 'undefined' ? null : window.screen;
  return {
    error: {
      name: clip(isError ? error.name : typeof error, MAX.name),
      message: clip(message || 'Unknown error', MAX.message) as string,
      stack: clip(isError ? error.stack : undefined, MAX.stack),
      componentStack: clip(componentStack, MAX.stack),
    },
    device: {
      userAgent: navigator.userAgent.slice(0, 500),
      language: navigator.language.slice(0, 35),
      platform: (navigator.platform || '').slice(0, 100) || undefined,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone?.slice(0, 64),
      screenWidth: screen?.width,
      screenHeight: screen?.height,
      viewportWidth: window.innerWidth,
      viewportHeight: window.innerHeight,
    },
    location: { href: window.location.href.slice(0, MAX.href), pathname: window.location.pathname.slice(0, MAX.href) },
  };
}

/**
 * Sends a route error to POST /api/fe-debug/. Never throws: the error page
 * must show whatever happens to the report (refused as too many, offline…).
 */
export async function reportRouteError(error: unknown, componentStack?: string): Promise<TFeDebugReceipt | null> {
  try {
    const report = buildErrorReport(error, componentStack);
    const key = `${report.error.message}\n${report.location.pathname}`;
    if (sent.has(key)) return null;
    sent.add(key);
    return await api.post<TFeDebugReceipt>('fe-debug/', report);
  } catch {
    return null;
  }
}
