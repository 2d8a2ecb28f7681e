/**
 * The console's frame (spec 001 §2: header, side menu, and on a phone the bottom bar), in pixels: the web
 * app lays it out with these, and the server draws the same frame into the map home's page so it shows
 * before any script has run (apps/server/src/http/app-shell.ts).
 */
export const CONSOLE_FRAME = {
  headerHeight: 56,
  navbarWidth: 264,
  footerHeight: 64,
  /** Spec 000 §9: the side menu shows from 992 px up (Mantine's md, 62em); below it, the bottom bar. */
  desktopFromEm: 62,
} as const;

/** The element holding that early frame: the web app removes it once its own frame is on the screen. */
export const APP_SHELL_ELEMENT_ID = 'app-shell';
