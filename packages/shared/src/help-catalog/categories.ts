import type { TLanguage } from '../schemas/common.ts';

/**
 * The help index's groups, named like the side menu's so staff find an
 * article where they find its page.
 */
export const HELP_CATEGORIES = {
  map: { 'pt-PT': 'Mapa e portal público', 'en-US': 'Map and public portal' },
  account: { 'pt-PT': 'A minha conta', 'en-US': 'My account' },
  systems: { 'pt-PT': 'Sistemas', 'en-US': 'Systems' },
  events: { 'pt-PT': 'Ocorrências', 'en-US': 'Events' },
  myEntity: { 'pt-PT': 'A minha entidade', 'en-US': 'My entity' },
  dashboards: { 'pt-PT': 'Dashboards e relatórios', 'en-US': 'Dashboards and reports' },
  settings: { 'pt-PT': 'Configurações', 'en-US': 'Settings' },
} as const satisfies Record<string, Record<TLanguage, string>>;

export type THelpCategory = keyof typeof HELP_CATEGORIES;
