import { PERMISSIONS, type TAuthSession, type TPermission } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../../i18n/all-catalogs';
import { findHomeShortcuts, HOME_SHORTCUT_PATHS, shortcutDescriptionKey } from './home-shortcuts';

function sessionWith(permissions: readonly TPermission[]): TAuthSession {
  return {
    isAuthenticated: true,
    type: 'NORMAL',
    id: 1,
    name: 'Ana Ferreira',
    user: { email: 'ana@example.pt' },
    entity: { id: 1, name: 'Câmara', profile: null },
    entityProfile: null,
    entitiesAccessList: [1],
    role: { id: 1, name: 'Perfil', permissions: [...permissions] },
    legalWarningReadTimestamp: null,
    timeZone: 'Europe/Lisbon',
    language: 'pt-PT',
    session: { validity: '2100-01-01T00:00:00Z', token: 'token' },
    impersonatedBy: null,
  };
}

const textAt = (catalog: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);

describe('the console home shortcuts', () => {
  it('are all screens of the product, each described in both languages', () => {
    const everything = findHomeShortcuts(sessionWith(PERMISSIONS), { allowedSystems: ['EVENT'] });
    const all = [...everything, ...findHomeShortcuts(sessionWith([]), { allowedSystems: ['EVENT'] })];
    expect(new Set(all.map((route) => route.path))).toEqual(new Set(HOME_SHORTCUT_PATHS));
    for (const route of all) {
      for (const catalog of Object.values(CATALOGS)) {
        expect(textAt(catalog, shortcutDescriptionKey(route)), `${route.path}`).toEqual(expect.any(String));
      }
    }
  });

  it('offer only what the user may open, as the menu does', () => {
    const paths = (permissions: readonly TPermission[]) =>
      findHomeShortcuts(sessionWith(permissions), { allowedSystems: ['EVENT'] }).map((route) => route.path);

    expect(paths([])).toEqual(['/', '/incidents', '/personal']);
    // Staff who handle events have the Events console instead of the public list.
    expect(paths(['MANAGE_EVENTS', 'READ_DASHBOARD'])).toEqual(['/', '/dashboards', '/personal']);
    expect(paths(PERMISSIONS)).toEqual(['/', '/dashboards', '/mobile-systems', '/user', '/personal']);
  });
});
