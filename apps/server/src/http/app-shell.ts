import {
  APP_SHELL_ELEMENT_ID,
  appLogoSource,
  CONSOLE_FRAME,
  type TConfigurationPair,
  transformConfiguration,
} from '@mip/shared';

/** Where the built index.html takes the early frame: first thing in its body (apps/web/index.html). */
export const APP_SHELL_MARKER = '<!--app-shell-->';

/** The logo's size asked for, as the side menu asks it (apps/web/src/app/shell/SideMenu.tsx). */
const LOGO_SIZE = 40;

/** What the early frame shows of the configuration: nothing that depends on the visitor's language. */
export interface TAppShellContent {
  title: string;
  logo: string;
  allowDarkMode: boolean;
}

export function appShellContentOf(pairs: readonly TConfigurationPair[]): TAppShellContent {
  const config = transformConfiguration(pairs);
  return {
    title: String(config.appTitle ?? ''),
    logo: appLogoSource(config, LOGO_SIZE),
    allowDarkMode: config.allowDarkMode === true,
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/*
 * Mantine's own values (v9, @mantine/core/styles.css) for the page, its text and the frame's borders, in
 * each scheme, and the theme's font (apps/web/src/app/theme.ts): the frame the app draws next is the same.
 */
const LIGHT = { body: '#fff', text: '#000', border: '#dee2e6' };
const DARK = { body: '#242424', text: '#c9c9c9', border: '#424242' };
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

function schemeRules(colours: typeof LIGHT): string {
  return (
    `#${APP_SHELL_ELEMENT_ID}{background:${colours.body};color:${colours.text}}` +
    `#${APP_SHELL_ELEMENT_ID}>:not(style){border-color:${colours.border}}`
  );
}

/**
 * The console's frame as the map home's page carries it: header, side menu with the logo and the platform's
 * title, and on a phone the bottom bar, drawn by the browser from the page alone. The app needs its scripts,
 * its language's texts and the configuration before it can draw anything; on a mid-range phone that took
 * three seconds of an empty page. The app removes this frame as it draws its own in the same place
 * (apps/web/src/app/shell/app-shell.ts), so nothing moves; it is hidden from screen readers, which read the
 * app's. In dark mode when the platform allows it and the device asks for it (the app's default choice).
 */
export function renderAppShell(content: TAppShellContent): string {
  const { headerHeight, navbarWidth, footerHeight, desktopFromEm } = CONSOLE_FRAME;
  const id = `#${APP_SHELL_ELEMENT_ID}`;
  const style =
    `${id}{position:fixed;inset:0;z-index:1000;font-family:${FONT};-webkit-font-smoothing:antialiased}` +
    `${id}>:not(style){position:absolute;box-sizing:border-box;border:0 solid}` +
    `${id}>header{top:0;left:0;right:0;height:${headerHeight}px;border-bottom-width:1px}` +
    `${id}>nav{display:none;top:${headerHeight}px;bottom:0;left:0;width:${navbarWidth}px;border-right-width:1px;padding:16px}` +
    `${id}>footer{left:0;right:0;bottom:0;height:${footerHeight}px;border-top-width:1px}` +
    `${id} p{display:flex;align-items:center;gap:12px;margin:0}` +
    `${id} img{width:36px;height:36px;object-fit:contain;flex:none}` +
    `${id} span{font-size:16px;font-weight:700;line-height:1.2}` +
    `@media (min-width:${desktopFromEm}em){${id}>nav{display:block}${id}>footer{display:none}}` +
    schemeRules(LIGHT) +
    (content.allowDarkMode ? `@media (prefers-color-scheme:dark){${schemeRules(DARK)}}` : '');
  // Its style inside it, so that removing the frame leaves nothing of it behind.
  return (
    `<div id="${APP_SHELL_ELEMENT_ID}" aria-hidden="true"><style>${style}</style><header></header>` +
    `<nav><p><img src="${escapeHtml(content.logo)}" alt=""><span>${escapeHtml(content.title)}</span></p></nav>` +
    '<footer></footer></div>'
  );
}

/** The page with the frame in place of the marker (the page as it is when the build has no marker). */
export function withAppShell(indexHtml: string, content: TAppShellContent): string {
  return indexHtml.replace(APP_SHELL_MARKER, () => renderAppShell(content));
}
