import { type TQueryParameterDefinition, ZQueryParameterDefinitions } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { bindsCallerEntities, compileQuery, parameterErrors, QueryTemplateError, scanQuery } from './sql-template.ts';

const definitions = (input: unknown[]): TQueryParameterDefinition[] => ZQueryParameterDefinitions.parse(input);
const caller = { userId: 7, entityIds: [3, 4] };

describe('compileQuery', () => {
  it('binds :name as a typed placeholder and never writes the value into the text', () => {
    const params = definitions([{ variableName: 'title', type: 'TEXT', label: 'Título' }]);
    const compiled = compileQuery(
      'select * from events where title = :title',
      params,
      { title: "x'; drop table users; --" },
      caller,
    );
    expect(compiled.text).toBe('select * from events where title = $1::text');
    expect(compiled.values).toEqual(["x'; drop table users; --"]);
  });

  it('reuses one placeholder for a name used twice', () => {
    const params = definitions([{ variableName: 'since', type: 'DATE', label: 'Desde' }]);
    const compiled = compileQuery('select :since, :since', params, { since: '2025-01-02' }, caller);
    expect(compiled.text).toBe('select $1::date, $1::date');
    expect(compiled.values).toEqual(['2025-01-02']);
  });

  it('leaves colons alone inside strings, quoted names, comments, dollar quotes and casts', () => {
    const query = `select ':a', "b:c", $$ :d $$, $t$ :e $t$, e'\\':f', x::text -- :g
      /* :h /* :i */ */ from t`;
    const compiled = compileQuery(query, [], {}, caller);
    expect(compiled.text).toBe(query);
    expect(compiled.values).toEqual([]);
  });

  it('puts a partial query in only when its value is given', () => {
    const params = definitions([
      {
        variableName: 'categories',
        type: 'EVENT_CATEGORY',
        label: 'Categorias',
        multiple: true,
        partialQuery: 'and category_id = any(:categories)',
      },
    ]);
    const query = 'select * from events where true {{categories}}';
    expect(compileQuery(query, params, {}, caller).text.trim()).toBe('select * from events where true');
    const given = compileQuery(query, params, { categories: [1, '2'] }, caller);
    expect(given.text).toContain('and category_id = any($1::int8[])');
    expect(given.values).toEqual([[1, 2]]);
  });

  it('binds the caller as :caller_user_id and :caller_entity_ids', () => {
    const compiled = compileQuery('select 1 where :caller_user_id = 7 and 3 = any(:caller_entity_ids)', [], {}, caller);
    expect(compiled.text).toBe('select 1 where $1::int8 = 7 and 3 = any($2::int8[])');
    expect(compiled.values).toEqual([7, [3, 4]]);
    expect([...compiled.builtIns]).toEqual(['caller_user_id', 'caller_entity_ids']);
  });

  it('refuses a variable that is not a parameter, and placeholders by position', () => {
    expect(() => compileQuery('select :nope', [], {}, caller)).toThrow(QueryTemplateError);
    expect(() => compileQuery('select $1', [], {}, caller)).toThrow(/by position/);
    expect(() => compileQuery('select 1 {{nope}}', [], {}, caller)).toThrow(QueryTemplateError);
  });

  it('an OPTIONAL switch adds its condition only when on', () => {
    const params = definitions([
      { variableName: 'only_open', type: 'OPTIONAL', label: 'Só abertas', partialQuery: "and status = 'OPEN'" },
    ]);
    expect(compileQuery('select 1 {{only_open}}', params, { only_open: false }, caller).text).not.toContain('OPEN');
    expect(compileQuery('select 1 {{only_open}}', params, { only_open: true }, caller).text).toContain('OPEN');
  });
});

describe('parameterErrors', () => {
  const params = definitions([
    { variableName: 'n', type: 'NUMERIC', label: 'N', mandatory: true },
    { variableName: 'd', type: 'DATE', label: 'D' },
    { variableName: 'c', type: 'EVENT_CATEGORY', label: 'C', multiple: true, mandatory: true },
  ]);

  it('asks for mandatory values, integers only and past dates only (spec 001 §5)', () => {
    expect(parameterErrors(params, { c: [] }, { today: '2026-01-10' })).toEqual([
      { property: 'parameters.n', error: 'MISSING_PARAMETER' },
      { property: 'parameters.c', error: 'MISSING_AT_LEAST_ONE_PARAMETER' },
    ]);
    expect(parameterErrors(params, { n: 1.5, d: '2026-01-11', c: [1] }, { today: '2026-01-10' })).toEqual([
      { property: 'parameters.n', error: 'INVALID_PARAMETER' },
      { property: 'parameters.d', error: 'INVALID_PARAMETER' },
    ]);
    expect(parameterErrors(params, { n: '12', d: '2026-01-10', c: [1] }, { today: '2026-01-10' })).toEqual([]);
  });
});

describe('scanQuery', () => {
  it('finds the caller entities in a partial query too', () => {
    const params = definitions([
      { variableName: 'mine', type: 'OPTIONAL', label: 'M', partialQuery: 'and entity_id = any(:caller_entity_ids)' },
    ]);
    expect(bindsCallerEntities('select 1 {{mine}}', params)).toBe(true);
    expect(bindsCallerEntities('select 1', [])).toBe(false);
    expect(scanQuery('select a[1:2]').every((token) => token.kind === 'text')).toBe(true);
  });
});
