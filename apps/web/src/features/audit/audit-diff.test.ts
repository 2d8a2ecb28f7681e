import { describe, expect, it } from 'vitest';
import { diffAuditValues } from './audit-diff';

describe('diffAuditValues', () => {
  it('pairs each field’s value before and after', () => {
    expect(diffAuditValues({ name: 'Porto', active: true }, { name: 'Porto Norte', active: true })).toEqual([
      { field: 'name', before: 'Porto', after: 'Porto Norte', isChanged: true },
      { field: 'active', before: 'true', after: 'true', isChanged: false },
    ]);
  });

  it('shows a creation as fields with nothing before, a deletion as nothing after', () => {
    expect(diffAuditValues(null, { value: '"#aabbcc"' })).toEqual([
      { field: 'value', before: null, after: '"#aabbcc"', isChanged: true },
    ]);
    expect(diffAuditValues({ name: 'X' }, null)).toEqual([
      { field: 'name', before: 'X', after: null, isChanged: true },
    ]);
  });

  it('reads nested records as dotted fields and lists as text', () => {
    expect(
      diffAuditValues(
        { profile: { id: 1, name: 'A' }, permissions: ['READ_USER'] },
        {
          profile: { id: 2, name: 'B' },
          permissions: ['READ_USER', 'WRITE_USER'],
        },
      ),
    ).toEqual([
      { field: 'profile.id', before: '1', after: '2', isChanged: true },
      { field: 'profile.name', before: 'A', after: 'B', isChanged: true },
      {
        field: 'permissions',
        before: 'READ_USER',
        after: 'READ_USER, WRITE_USER',
        isChanged: true,
        added: ['WRITE_USER'],
        removed: [],
      },
    ]);
  });

  it('keeps a value that is not a record as one row', () => {
    expect(diffAuditValues('old', 'new')).toEqual([{ field: '', before: 'old', after: 'new', isChanged: true }]);
  });
});
