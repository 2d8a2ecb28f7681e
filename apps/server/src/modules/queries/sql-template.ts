import {
  BUILT_IN_QUERY_VARIABLES,
  hasParameterValue,
  parameterValueError,
  type TFieldError,
  type TParameterScalar,
  type TParameterValue,
  type TParameterValues,
  type TQueryParameterDefinition,
  type TQueryParameterType,
  utcToday,
} from '@mip/shared';

/**
 * Turns a user-authored query into SQL text with positional placeholders and
 * the values to bind (spec of the syntax: packages/shared/src/schemas/queries.ts).
 * Security-relevant: a value is never written into the text, only bound; the
 * text changes only by partial queries that staff wrote, chosen by whether a
 * value was given.
 */

export interface TQueryCaller {
  /** Null for visitors (public dashboards). */
  userId: number | null;
  /** The entities the caller may see, sub-entities included; empty for visitors. */
  entityIds: number[];
}

export type TBuiltInVariable = (typeof BUILT_IN_QUERY_VARIABLES)[number];

/** A piece of the query as the scanner sees it. */
type TToken =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; name: string }
  | { kind: 'partial'; name: string }
  | { kind: 'positional'; text: string };

export class QueryTemplateError extends Error {
  readonly code: 'UNKNOWN_QUERY_VARIABLE' | 'INVALID_QUERY';
  readonly variable: string | null;
  constructor(code: 'UNKNOWN_QUERY_VARIABLE' | 'INVALID_QUERY', variable: string | null, message: string) {
    super(message);
    this.code = code;
    this.variable = variable;
  }
}

const IDENTIFIER_START = /[A-Za-z_]/;
const IDENTIFIER_PART = /[A-Za-z0-9_]/;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/**
 * Splits a query into plain SQL, `:name` variables, `{{name}}` partial-query
 * marks and `$n` placeholders, skipping string literals, quoted identifiers,
 * dollar-quoted strings, comments and `::` casts, where a colon means nothing.
 */
export function scanQuery(query: string): TToken[] {
  const tokens: TToken[] = [];
  let text = '';
  const flush = () => {
    if (text) tokens.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  const copyUntil = (end: number) => {
    text += query.slice(i, end);
    i = end;
  };
  while (i < query.length) {
    const char = query[i];
    const next = query[i + 1];
    if (char === "'") {
      // E'…' strings take backslash escapes; any other string only doubles its quotes.
      const isEscapeString = /[eE]/.test(query[i - 1] ?? '') && !IDENTIFIER_PART.test(query[i - 2] ?? '');
      let j = i + 1;
      while (j < query.length) {
        if (isEscapeString && query[j] === '\\') j += 2;
        else if (query[j] === "'" && query[j + 1] === "'") j += 2;
        else if (query[j] === "'") break;
        else j++;
      }
      copyUntil(Math.min(j + 1, query.length));
    } else if (char === '"') {
      let j = i + 1;
      while (j < query.length && !(query[j] === '"' && query[j + 1] !== '"')) j += query[j] === '"' ? 2 : 1;
      copyUntil(Math.min(j + 1, query.length));
    } else if (char === '-' && next === '-') {
      const end = query.indexOf('\n', i);
      copyUntil(end === -1 ? query.length : end);
    } else if (char === '/' && next === '*') {
      // PostgreSQL's block comments nest.
      let depth = 0;
      let j = i;
      while (j < query.length) {
        if (query[j] === '/' && query[j + 1] === '*') {
          depth++;
          j += 2;
        } else if (query[j] === '*' && query[j + 1] === '/') {
          depth--;
          j += 2;
          if (depth === 0) break;
        } else j++;
      }
      copyUntil(j);
    } else if (char === '$' && !IDENTIFIER_PART.test(query[i - 1] ?? '')) {
      if (/\d/.test(next ?? '')) {
        let j = i + 1;
        while (/\d/.test(query[j] ?? '')) j++;
        flush();
        tokens.push({ kind: 'positional', text: query.slice(i, j) });
        i = j;
        continue;
      }
      const tag = DOLLAR_TAG.exec(query.slice(i))?.[0];
      if (tag) {
        const end = query.indexOf(tag, i + tag.length);
        copyUntil(end === -1 ? query.length : end + tag.length);
      } else copyUntil(i + 1);
    } else if (char === ':' && next === ':') {
      copyUntil(i + 2);
    } else if (char === ':' && IDENTIFIER_START.test(next ?? '')) {
      let j = i + 1;
      while (IDENTIFIER_PART.test(query[j] ?? '')) j++;
      flush();
      tokens.push({ kind: 'variable', name: query.slice(i + 1, j) });
      i = j;
    } else if (char === '{' && next === '{') {
      const end = query.indexOf('}}', i + 2);
      const name = end === -1 ? null : query.slice(i + 2, end).trim();
      if (name === null || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        throw new QueryTemplateError('INVALID_QUERY', name, `"{{" at character ${i + 1} does not name a parameter`);
      }
      flush();
      tokens.push({ kind: 'partial', name });
      i = end + 2;
    } else {
      copyUntil(i + 1);
    }
  }
  flush();
  return tokens;
}

/** The SQL type a bound value is cast to, so PostgreSQL never has to guess it (`:x is null` works too). */
function castOf(type: TQueryParameterType | TBuiltInVariable, multiple: boolean): string {
  const base =
    type === 'NUMERIC' ||
    type === 'ENTITY' ||
    type === 'USER' ||
    type === 'ENTITY_PROFILE' ||
    type === 'ENTITY_TYPE' ||
    type === 'EVENT_CATEGORY' ||
    type === 'MOBILITY_GROUP' ||
    type === 'MOBILITY_SYSTEM' ||
    type === 'caller_user_id' ||
    type === 'caller_entity_ids'
      ? 'int8'
      : type === 'DATE'
        ? 'date'
        : type === 'BOOLEAN' || type === 'OPTIONAL'
          ? 'boolean'
          : 'text';
  return multiple || type === 'caller_entity_ids' ? `${base}[]` : base;
}

function toBindable(type: TQueryParameterType, scalar: TParameterScalar): TParameterScalar {
  if (type === 'TEXT' || type === 'DATE' || type === 'BOOLEAN' || type === 'OPTIONAL') return scalar;
  if (typeof scalar === 'string' && /^-?\d+$/.test(scalar.trim())) {
    const number = Number(scalar);
    if (type !== 'COUNTRY' && type !== 'DISTRICT' && type !== 'COUNTY' && type !== 'PARISH') return number;
  }
  return scalar;
}

/** A parameter's value as bound: a scalar, a list for multiple values, or null when none was given. */
function bindValue(definition: TQueryParameterDefinition, value: TParameterValue | undefined): unknown {
  if (definition.type === 'OPTIONAL') return value === true;
  if (!hasParameterValue(value)) return null;
  const scalars = Array.isArray(value) ? value : [value as TParameterScalar];
  const bound = scalars.map((scalar) => toBindable(definition.type, scalar));
  return definition.multiple ? bound : bound[0];
}

function isGiven(definition: TQueryParameterDefinition, value: TParameterValue | undefined): boolean {
  return hasParameterValue(value) && !(definition.type === 'OPTIONAL' && value === false);
}

/** Field errors for the values given (`parameters.<name>`), in the definitions' order. */
export function parameterErrors(
  definitions: readonly TQueryParameterDefinition[],
  values: TParameterValues,
  options: { property?: string; today?: string } = {},
): TFieldError[] {
  const today = options.today ?? utcToday();
  const prefix = options.property ?? 'parameters';
  const errors: TFieldError[] = [];
  for (const definition of definitions) {
    const error = parameterValueError(definition, values[definition.variableName], today);
    if (error) errors.push({ property: `${prefix}.${definition.variableName}`, error });
  }
  return errors;
}

export interface TCompiledQuery {
  text: string;
  values: unknown[];
  /** Built-in variables the query binds (the caller's entities cost a query to compute). */
  builtIns: Set<TBuiltInVariable>;
}

const BUILT_INS = new Set<string>(BUILT_IN_QUERY_VARIABLES);

/**
 * The query with its partial queries put in or left out by whether their
 * value was given, and `:name` turned into `$n::type`. Values must have been
 * checked with parameterErrors() first. Throws QueryTemplateError for a
 * variable that is no parameter, a partial query of a parameter that has none,
 * or a `$1` the author wrote (placeholders are ours to number).
 */
export function compileQuery(
  query: string,
  definitions: readonly TQueryParameterDefinition[],
  values: TParameterValues,
  caller: TQueryCaller | null,
): TCompiledQuery {
  const byName = new Map(definitions.map((definition) => [definition.variableName, definition]));
  const boundValues: unknown[] = [];
  const placeholders = new Map<string, number>();
  const builtIns = new Set<TBuiltInVariable>();
  const placeholderOf = (name: string): string => {
    const definition = byName.get(name);
    if (!definition && !BUILT_INS.has(name)) {
      throw new QueryTemplateError('UNKNOWN_QUERY_VARIABLE', name, `:${name} is not a parameter of this query`);
    }
    let index = placeholders.get(name);
    if (index === undefined) {
      if (definition) boundValues.push(bindValue(definition, values[name]));
      else {
        builtIns.add(name as TBuiltInVariable);
        boundValues.push(name === 'caller_user_id' ? (caller?.userId ?? null) : (caller?.entityIds ?? []));
      }
      index = boundValues.length;
      placeholders.set(name, index);
    }
    const cast = definition ? castOf(definition.type, definition.multiple) : castOf(name as TBuiltInVariable, false);
    return `$${index}::${cast}`;
  };
  const render = (tokens: TToken[], insidePartial: boolean): string =>
    tokens
      .map((token) => {
        switch (token.kind) {
          case 'text':
            return token.text;
          case 'positional':
            throw new QueryTemplateError(
              'INVALID_QUERY',
              null,
              `${token.text}: name parameters as :name rather than by position`,
            );
          case 'variable':
            return placeholderOf(token.name);
          case 'partial': {
            const definition = byName.get(token.name);
            if (!definition?.partialQuery) {
              throw new QueryTemplateError(
                'UNKNOWN_QUERY_VARIABLE',
                token.name,
                `{{${token.name}}} names no parameter with a partial query`,
              );
            }
            if (insidePartial) {
              throw new QueryTemplateError('INVALID_QUERY', token.name, 'a partial query cannot contain another');
            }
            if (!isGiven(definition, values[token.name])) return ' ';
            return ` ${render(scanQuery(definition.partialQuery), true)} `;
          }
        }
        return '';
      })
      .join('');
  const text = render(scanQuery(query), false);
  return { text, values: boundValues, builtIns };
}

/** The variables (`:name`) and partial marks (`{{name}}`) a query text uses. */
export function queryVariables(query: string): { variables: Set<string>; partials: Set<string> } {
  const variables = new Set<string>();
  const partials = new Set<string>();
  for (const token of scanQuery(query)) {
    if (token.kind === 'variable') variables.add(token.name);
    if (token.kind === 'partial') partials.add(token.name);
  }
  return { variables, partials };
}

/**
 * Whether a query (or one of its partial queries) binds the caller's entities:
 * a source limited to them must.
 */
export function bindsCallerEntities(query: string, definitions: readonly TQueryParameterDefinition[]): boolean {
  if (queryVariables(query).variables.has('caller_entity_ids')) return true;
  return definitions.some(
    (definition) =>
      definition.partialQuery && queryVariables(definition.partialQuery).variables.has('caller_entity_ids'),
  );
}

/** Every value as given, for a check of the query's shape: a stand-in for each parameter so all partials apply. */
export function sampleValues(definitions: readonly TQueryParameterDefinition[]): TParameterValues {
  const sample = (type: TQueryParameterType): TParameterScalar => {
    switch (type) {
      case 'TEXT':
        return 'x';
      case 'BOOLEAN':
      case 'OPTIONAL':
        return true;
      case 'DATE':
        return utcToday();
      case 'COUNTRY':
        return 'PT';
      case 'DISTRICT':
      case 'COUNTY':
      case 'PARISH':
        return '0';
      case 'EVENT_PRIORITY':
        return 'NORMAL';
      case 'EVENT_STATUS':
        return 'OPEN';
      case 'LOG_PARAMETER':
        return 'CREATE';
      default:
        return 0;
    }
  };
  return Object.fromEntries(
    definitions.map((definition) => {
      const value = sample(definition.type);
      return [definition.variableName, definition.multiple ? [value] : value];
    }),
  );
}
