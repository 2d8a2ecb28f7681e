import {
  AUDIT_ACTIONS,
  AUDIT_RECORD_TYPES,
  CONFIGURATION_CATALOG,
  DELETE_BLOCKERS,
  ERROR_CODES,
  PERMISSION_GROUPS,
} from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from './all-catalogs';
import { mergeCatalogFiles } from './catalogs';

const ptPT = CATALOGS['pt-PT'] as Record<string, Record<string, string>>;
const enUS = CATALOGS['en-US'] as Record<string, Record<string, string>>;

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('language catalogs', () => {
  it('have exactly the same keys in pt-PT and en-US', () => {
    expect(keys(enUS).sort()).toEqual(keys(ptPT).sort());
  });

  it('give every server error code a text in both languages', () => {
    for (const code of ERROR_CODES) {
      expect(ptPT.errors, `pt-PT errors.${code}`).toHaveProperty(code);
      expect(enUS.errors, `en-US errors.${code}`).toHaveProperty(code);
    }
  });

  it('say why a delete was refused, for every reason the server gives, in both languages', () => {
    for (const catalog of [ptPT, enUS]) {
      const blocked = (catalog.errors as unknown as Record<string, Record<string, string>>).deleteBlocked;
      for (const reason of DELETE_BLOCKERS) {
        expect(blocked[reason] ?? blocked[`${reason}_other`], reason).toBeTruthy();
      }
    }
  });

  it('label and explain every setting of the configuration screen, in both languages', () => {
    for (const catalog of [ptPT, enUS]) {
      const fields = (catalog.configuration as unknown as Record<string, Record<string, Record<string, string>>>)
        .fields;
      for (const { name } of CONFIGURATION_CATALOG) {
        const field = fields[name.replace(/\./g, '_')];
        expect(field?.label, name).toBeTruthy();
        expect(field?.help, name).toBeTruthy();
      }
    }
  });

  it('label every action and record type the audit log holds, in both languages', () => {
    for (const catalog of [ptPT, enUS]) {
      const audit = catalog.audit as unknown as Record<string, Record<string, string>>;
      for (const action of AUDIT_ACTIONS) expect(audit.actions, `audit.actions.${action}`).toHaveProperty(action);
      for (const type of AUDIT_RECORD_TYPES)
        expect(audit.recordTypes, `audit.recordTypes.${type}`).toHaveProperty(type);
    }
  });

  it('name every permission in words, explain it and title its area, in both languages', () => {
    for (const catalog of [ptPT, enUS]) {
      const roles = catalog.roles as unknown as Record<string, Record<string, string>>;
      for (const [area, permissions] of Object.entries(PERMISSION_GROUPS)) {
        expect(roles.areas, `roles.areas.${area}`).toHaveProperty(area);
        for (const permission of permissions) {
          expect(roles.permissionNames?.[permission], `roles.permissionNames.${permission}`).toBeTruthy();
          expect(roles.permissionNames?.[permission]).not.toMatch(/^[A-Z_]+$/);
          expect(roles.permissions, `roles.permissions.${permission}`).toHaveProperty(permission);
        }
      }
    }
  });

  it('refuse a key defined in two files', () => {
    expect(() =>
      mergeCatalogFiles({
        'a.json': { default: { users: { title: 'A' } } },
        'b.json': { default: { users: { title: 'B' } } },
      }),
    ).toThrow('"users.title" is defined twice');
  });

  it('carry the spec texts for the error pages', () => {
    expect(ptPT.errorsPage.notFound).toBe('Página não encontrada!');
    expect(enUS.errorsPage.notFound).toBe('Page not found!');
    expect(enUS.errorsPage.unauthorized).toBe('You are not authorized!!');
    expect(enUS.errorsPage.generic).toBe('Something Went Wrong!');
  });
});
