import { useEffect, useRef } from 'react';
import { API_BASE } from '../../api/client';

/**
 * Spec 000 §7: the application's stylesheet, GET /configuration/public/app-style or, under
 * /app/{appId}, /applications/{appId}/app-style. A revision asks for a fresh copy once the
 * configuration has changed (the browser could otherwise keep the old one).
 */
export function appStylesheetHref(appId: string | null, revision?: number): string {
  const path = appId ? `applications/${encodeURIComponent(appId)}/app-style` : 'configuration/public/app-style';
  return `${API_BASE}${path}${revision ? `?revision=${revision}` : ''}`;
}

/**
 * Links the application's stylesheet in the page's head: its custom properties give the console its colour.
 * `configurationReadAt` is when the configuration was last read: a later read (after a save) means a new sheet.
 */
export function useAppStylesheet(appId: string | null, configurationReadAt: number) {
  const firstReadAt = useRef(0);
  if (!firstReadAt.current) firstReadAt.current = configurationReadAt;
  const href = appStylesheetHref(appId, configurationReadAt > firstReadAt.current ? configurationReadAt : undefined);
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.appStyle = '';
    // The sheet it replaces stays until this one has come, so the colour never falls back in between.
    const replaced = [...document.head.querySelectorAll('link[data-app-style]')];
    const dropReplaced = () => {
      for (const old of replaced) old.remove();
    };
    link.addEventListener('load', dropReplaced);
    link.addEventListener('error', dropReplaced);
    document.head.append(link);
  }, [href]);
}
