import { LANGUAGES, PARAMETER_ENUM_VALUES, type TQueryParameterOption, type TQueryParameterType } from '@mip/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { byFoldedColumn, byFoldedText, matchesSearch } from '../../db/text-search.ts';
import { AppError } from '../../http/errors.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { entityInScopeSql } from '../entities/entity-scope.ts';

export const OPTION_LIMIT = 50;

interface TOptionSource {
  /** Only signed-in users may list it (names of entities, users and their types are not public). */
  isPrivate: boolean;
  /** `select … as value, … as label from … where` the caller may see, filtered by the search and ids. */
  query: (auth: TAuthContext | null, language: string) => { from: SQL; value: SQL; label: SQL; search: SQL[] };
  numericIds: boolean;
}

const SOURCES: Partial<Record<TQueryParameterType, TOptionSource>> = {
  ENTITY: {
    isPrivate: true,
    numericIds: true,
    query: (auth) => ({
      from: sql`from entities e where ${(auth && entityInScopeSql(auth, sql`e.id`)) ?? sql`true`}`,
      value: sql`e.id`,
      label: sql`e.name`,
      search: [sql`e.search_text`],
    }),
  },
  USER: {
    isPrivate: true,
    numericIds: true,
    query: (auth) => ({
      from: sql`from users u where ${(auth && entityInScopeSql(auth, sql`u.entity_id`)) ?? sql`true`}`,
      value: sql`u.id`,
      label: sql`u.name || ' (' || u.email || ')'`,
      search: [sql`u.search_text`],
    }),
  },
  ENTITY_PROFILE: {
    isPrivate: true,
    numericIds: true,
    query: () => ({ from: sql`from entity_profiles p where true`, value: sql`p.id`, label: sql`p.name`, search: [] }),
  },
  EVENT_CATEGORY: {
    isPrivate: false,
    numericIds: true,
    query: (auth) => ({
      // Visitors see the categories the public may report in, as the map does.
      from: auth
        ? sql`from event_categories c where true`
        : sql`from event_categories c where c.allow_public and c.active`,
      value: sql`c.id`,
      label: sql`c.name`,
      search: [sql`c.search_text`],
    }),
  },
  MOBILITY_GROUP: {
    isPrivate: false,
    numericIds: true,
    query: () => ({
      from: sql`from mobility_system_groups g where true`,
      value: sql`g.id`,
      label: sql`g.name`,
      search: [],
    }),
  },
  MOBILITY_SYSTEM: {
    isPrivate: false,
    numericIds: true,
    query: () => ({ from: sql`from mobility_systems s where true`, value: sql`s.id`, label: sql`s.name`, search: [] }),
  },
  COUNTRY: {
    isPrivate: false,
    numericIds: false,
    query: (_auth, language) => {
      const name = language === 'en-US' ? sql`c.name_en` : sql`c.name_pt`;
      return { from: sql`from countries c where true`, value: sql`c.id`, label: name, search: [] };
    },
  },
  DISTRICT: {
    isPrivate: false,
    numericIds: false,
    query: () => ({ from: sql`from districts d where true`, value: sql`d.id`, label: sql`d.name`, search: [] }),
  },
  COUNTY: {
    isPrivate: false,
    numericIds: false,
    query: () => ({ from: sql`from counties c where true`, value: sql`c.id`, label: sql`c.name`, search: [] }),
  },
  PARISH: {
    isPrivate: false,
    numericIds: false,
    query: () => ({ from: sql`from parishes p where true`, value: sql`p.id`, label: sql`p.name`, search: [] }),
  },
};
// The spec names both; here an entity's type is its profile.
SOURCES.ENTITY_TYPE = SOURCES.ENTITY_PROFILE;

/**
 * The choices for a parameter of a data source or report (spec 001 §3 report
 * parameter types): up to 50 matching the text, or those with the given ids
 * (to name values already chosen). Closed lists answer their codes.
 */
export async function findParameterOptions(
  db: TDatabase,
  auth: TAuthContext | null,
  input: { type: TQueryParameterType; universalSearch?: string; ids: string[]; language?: string },
): Promise<TQueryParameterOption[]> {
  const codes = PARAMETER_ENUM_VALUES[input.type];
  if (codes) return codes.map((code) => ({ value: code, label: code }));
  const source = SOURCES[input.type];
  if (!source) return [];
  if (source.isPrivate && !auth) throw new AppError('UNAUTHORIZED', { message: 'Sign in to continue' });
  const language = input.language ?? auth?.user.language ?? LANGUAGES[0];
  const { from, value, label, search } = source.query(auth, language);
  const ids = source.numericIds ? input.ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number) : input.ids;
  const byIds =
    input.ids.length > 0
      ? sql`and ${value} = any(${sql.param(ids)}::${sql.raw(source.numericIds ? 'int[]' : 'text[]')})`
      : sql``;
  const matchers = search.length > 0 ? search.map((column) => byFoldedColumn(column)) : [byFoldedText(label)];
  const text = matchesSearch(input.universalSearch, matchers);
  const { rows } = await db.execute<{ value: string | number; label: string }>(
    sql`select ${value} as value, ${label} as label ${from} ${byIds} ${text ? sql`and ${text}` : sql``}
         order by ${label} collate pt_natural, ${value} limit ${OPTION_LIMIT}`,
  );
  return rows;
}
