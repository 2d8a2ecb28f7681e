import { APP_SHELL_ELEMENT_ID } from '@mip/shared';
import { useLayoutEffect } from 'react';

/**
 * Removes the frame the server drew into the map home's page (apps/server/src/http/app-shell.ts) once the app
 * shows a screen of its own: before the browser paints it, so the two are never both shown nor neither.
 * Until then the early frame covers what the app draws while it starts (a loader while the configuration comes).
 */
export function useRemoveAppShell() {
  useLayoutEffect(() => {
    document.getElementById(APP_SHELL_ELEMENT_ID)?.remove();
  }, []);
}
