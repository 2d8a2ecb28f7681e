import { describe, expect, it } from 'vitest';
import { can, canGrant, isPermission, PERMISSIONS, type TPermissionSubject } from './permissions.ts';

const holding = (...permissions: string[]): TPermissionSubject => ({ type: 'NORMAL', role: { permissions } });

describe('can', () => {
  it('refuses everything to nobody, even a rule that asks for nothing', () => {
    expect(can(null, {})).toBe(false);
    expect(can(undefined, { not: true })).toBe(false);
    expect(can(null, { userTypes: ['NORMAL'] })).toBe(false);
  });

  it('lets a signed-in user through a rule that asks for nothing', () => {
    expect(can(holding(), {})).toBe(true);
  });

  it('needs every permission of an "all" list', () => {
    const rule = { all: ['READ_USER', 'WRITE_USER'] } as const;
    expect(can(holding('READ_USER', 'WRITE_USER', 'READ_ROLE'), rule)).toBe(true);
    expect(can(holding('READ_USER'), rule)).toBe(false);
    expect(can(holding(), rule)).toBe(false);
  });

  it('needs one permission of an "any" list', () => {
    const rule = { any: ['READ_ENTITY', 'READ_OWN_ENTITY'] } as const;
    expect(can(holding('READ_OWN_ENTITY'), rule)).toBe(true);
    expect(can(holding('READ_ENTITY'), rule)).toBe(true);
    expect(can(holding('READ_USER'), rule)).toBe(false);
  });

  it('needs both the "all" and the "any" part when a rule has both', () => {
    const rule = { all: ['READ_USER'], any: ['WRITE_USER', 'IMPERSONATE_USER'] } as const;
    expect(can(holding('READ_USER', 'IMPERSONATE_USER'), rule)).toBe(true);
    expect(can(holding('READ_USER'), rule)).toBe(false);
    expect(can(holding('IMPERSONATE_USER'), rule)).toBe(false);
  });

  it('inverts the answer with "not", as the public incidents menu item needs', () => {
    const rule = { all: ['MANAGE_EVENTS'], not: true } as const;
    expect(can(holding('MANAGE_EVENTS'), rule)).toBe(false);
    expect(can(holding('READ_DASHBOARD'), rule)).toBe(true);
  });

  it('passes for a listed user type whatever the permissions', () => {
    const rule = { all: ['WRITE_ROLE'], userTypes: ['NORMAL'] } as const;
    expect(can(holding(), rule)).toBe(true);
    expect(can({ type: 'VETERINARIAN', role: { permissions: [] } }, rule)).toBe(false);
  });

  it('does not treat a permission name as a prefix of another', () => {
    expect(can(holding('READ_ENTITY'), { all: ['READ_OWN_ENTITY'] })).toBe(false);
  });
});

describe('canGrant', () => {
  it('lets a holder hand on any part of what they hold, nothing included', () => {
    const admin = holding('READ_USER', 'WRITE_USER', 'READ_ROLE');
    expect(canGrant(admin, ['READ_USER', 'WRITE_USER'])).toBe(true);
    expect(canGrant(admin, [])).toBe(true);
  });

  it('refuses a single permission the holder lacks, and everything to nobody', () => {
    expect(canGrant(holding('READ_USER'), ['READ_USER', 'WRITE_ROLE'])).toBe(false);
    expect(canGrant(null, [])).toBe(false);
  });
});

describe('isPermission', () => {
  it('knows every permission the spec lists and nothing else', () => {
    for (const permission of PERMISSIONS) expect(isPermission(permission)).toBe(true);
    expect(isPermission('read_user')).toBe(false);
    expect(isPermission('DROP_DATABASE')).toBe(false);
  });

  it('lists each permission once', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });
});
