import { describe, expect, it } from 'vitest';
import { visibleBadges } from './FilterBar';

const badge = (value: string | undefined, extra: object = {}) => ({
  key: 'k',
  label: 'Estado',
  value,
  onClear: () => {},
  ...extra,
});

describe('visibleBadges', () => {
  it('shows a filter that is in force', () => {
    expect(visibleBadges([badge('Ativo')])).toHaveLength(1);
  });

  it('hides empty values and values in the ignore list', () => {
    expect(visibleBadges([badge(undefined), badge(''), badge('Todos', { ignore: ['Todos'] })])).toEqual([]);
  });

  it('hides a badge whose text would pass 100 characters', () => {
    expect(visibleBadges([badge('x'.repeat(92))])).toHaveLength(1);
    expect(visibleBadges([badge('x'.repeat(93))])).toEqual([]);
  });
});
