import { describe, expect, it } from 'vitest';
import { canLinkToEntity } from './entity-links';

const subject = (permissions: string[], entitiesAccessList: number[]) => ({
  type: 'NORMAL',
  role: { id: 1, name: 'Role', permissions },
  entitiesAccessList,
});

describe('canLinkToEntity', () => {
  it('links any entity for a reader without an access list', () => {
    expect(canLinkToEntity(subject(['READ_ENTITY'], []), 42)).toBe(true);
  });

  it('links only the entities named in a non-empty access list', () => {
    const session = subject(['READ_ENTITY'], [7, 9]);
    expect(canLinkToEntity(session, 9)).toBe(true);
    expect(canLinkToEntity(session, 42)).toBe(false);
  });

  it('never links without READ_ENTITY, nor for a visitor', () => {
    expect(canLinkToEntity(subject(['READ_OWN_ENTITY'], []), 42)).toBe(false);
    expect(canLinkToEntity(null, 42)).toBe(false);
  });
});
