/**
 * Where the app keeps, in the browser's localStorage, what outlives a page: the session, the language and
 * the colour scheme. The browser tests write and read the same keys (e2e/support/fixtures.ts).
 */
export const STORAGE_KEYS = {
  session: 'mip.session',
  language: 'mip.language',
  theme: 'mip.theme',
} as const;
