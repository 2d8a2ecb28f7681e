import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit.ts';
import { missingOr } from './common.ts';
import { EVENT_PRIORITIES, EVENT_STATUSES } from './events.ts';

/**
 * User-authored SQL: the queries of dashboard data sources and report templates
 * (spec 001 §3 "Report parameter types", §5 "Report filters" and "Report messages").
 *
 * A query names its parameters two ways:
 * - `:name` binds the parameter's value (never pasted into the text); a
 *   parameter with multiple values binds an array, so write `= ANY(:name)`;
 * - `{{name}}` marks where the parameter's partial query goes: it is put in
 *   only when a value is given (e.g. `AND e.category_id = ANY(:categories)`), and
 *   left out otherwise, so an optional filter needs no `(:x IS NULL OR …)`.
 *
 * Built-in values every query may bind: `:caller_user_id` (null for visitors)
 * and `:caller_entity_ids` (the entities the caller may see, sub-entities
 * included; empty for visitors).
 */
export const QUERY_PARAMETER_TYPES = [
  'TEXT',
  'BOOLEAN',
  'NUMERIC',
  'DATE',
  'ENTITY',
  'COUNTRY',
  'DISTRICT',
  'COUNTY',
  'PARISH',
  'USER',
  'ENTITY_PROFILE',
  'ENTITY_TYPE',
  'EVENT_CATEGORY',
  'EVENT_PRIORITY',
  'EVENT_STATUS',
  'MOBILITY_GROUP',
  'MOBILITY_SYSTEM',
  /** A switch: when on, the partial query applies; it binds no value. */
  'OPTIONAL',
  /** An audit log action (CREATE, UPDATE, SIGN_IN, …). */
  'LOG_PARAMETER',
] as const;
export type TQueryParameterType = (typeof QUERY_PARAMETER_TYPES)[number];

/** The parameter types whose values are record ids (integers) picked from a list. */
export const ID_PARAMETER_TYPES = [
  'ENTITY',
  'USER',
  'ENTITY_PROFILE',
  'ENTITY_TYPE',
  'EVENT_CATEGORY',
  'MOBILITY_GROUP',
  'MOBILITY_SYSTEM',
] as const satisfies readonly TQueryParameterType[];

/** The parameter types whose values are codes from a closed list. */
export const CODE_PARAMETER_TYPES = [
  'COUNTRY',
  'DISTRICT',
  'COUNTY',
  'PARISH',
  'EVENT_PRIORITY',
  'EVENT_STATUS',
  'LOG_PARAMETER',
] as const satisfies readonly TQueryParameterType[];

/** The values the closed enumerations offer (the place codes come from the database). */
export const PARAMETER_ENUM_VALUES: Partial<Record<TQueryParameterType, readonly string[]>> = {
  EVENT_PRIORITY: EVENT_PRIORITIES,
  EVENT_STATUS: EVENT_STATUSES,
  LOG_PARAMETER: AUDIT_ACTIONS,
};

export const QUERY_MAX_CHARS = 20_000;
export const BUILT_IN_QUERY_VARIABLES = ['caller_user_id', 'caller_entity_ids'] as const;
const VARIABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const requiredText = (missing: string, invalid: string, max: number) =>
  z.string({ error: missing }).trim().min(1, { error: missing }).max(max, { error: invalid });

/** One parameter of a data source or report template. */
export const ZQueryParameterDefinition = z
  .object({
    /** How the query names it (`:name`, `{{name}}`): lower case letters, digits and _. */
    variableName: z
      .string({ error: 'MISSING_VARIABLE_NAME' })
      .trim()
      .min(1, { error: 'MISSING_VARIABLE_NAME' })
      .regex(VARIABLE_NAME, { error: 'INVALID_VARIABLE_NAME' })
      .refine((name) => !(BUILT_IN_QUERY_VARIABLES as readonly string[]).includes(name), {
        error: 'INVALID_VARIABLE_NAME',
      }),
    type: z.enum(QUERY_PARAMETER_TYPES, { error: missingOr('MISSING_TYPE', 'INVALID_TYPE') }),
    label: requiredText('MISSING_LABEL', 'INVALID_LABEL', 200),
    mandatory: z.boolean({ error: 'INVALID_VALUE' }).default(false),
    multiple: z.boolean({ error: 'INVALID_VALUE' }).default(false),
    /** SQL put at `{{variableName}}` only when a value is given; null when the query binds `:variableName` itself. */
    partialQuery: z
      .string({ error: 'INVALID_CONDITION' })
      .trim()
      .max(4000, { error: 'INVALID_CONDITION' })
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((parameter, context) => {
    // A switch binds nothing: all it can do is add its condition.
    if (parameter.type === 'OPTIONAL' && !parameter.partialQuery) {
      context.addIssue({ code: 'custom', path: ['partialQuery'], message: 'MISSING_CONDITION' });
    }
    if ((parameter.type === 'OPTIONAL' || parameter.type === 'BOOLEAN') && parameter.multiple) {
      context.addIssue({ code: 'custom', path: ['multiple'], message: 'INVALID_VALUE' });
    }
  });
export type TQueryParameterDefinition = z.infer<typeof ZQueryParameterDefinition>;
/** A stored parameter as the API sends it (a response schema has no input transforms). */
export const ZQueryParameter = z.object({
  variableName: z.string(),
  type: z.enum(QUERY_PARAMETER_TYPES),
  label: z.string(),
  mandatory: z.boolean(),
  multiple: z.boolean(),
  partialQuery: z.string().nullable(),
});
export type TQueryParameterDefinitionInput = z.input<typeof ZQueryParameterDefinition>;

/** The list of a query's parameters: variable names unique. */
export const ZQueryParameterDefinitions = z
  .array(ZQueryParameterDefinition, { error: 'INVALID_PARAMETER' })
  .max(30, { error: 'INVALID_PARAMETER' })
  .default([])
  .superRefine((parameters, context) => {
    const seen = new Set<string>();
    parameters.forEach((parameter, index) => {
      if (seen.has(parameter.variableName)) {
        context.addIssue({ code: 'custom', path: [index, 'variableName'], message: 'DUPLICATE_VARIABLE_NAME' });
      }
      seen.add(parameter.variableName);
    });
  });

export const ZQueryText = z
  .string({ error: 'MISSING_QUERY' })
  .trim()
  .min(1, { error: 'MISSING_QUERY' })
  .max(QUERY_MAX_CHARS, { error: 'INVALID_QUERY' });

/** A single parameter value as sent: text, number, boolean, or a list of them for multiple values. */
export type TParameterScalar = string | number | boolean;
export type TParameterValue = TParameterScalar | TParameterScalar[] | null;
const ZParameterScalar = z.union([z.string().max(500), z.number(), z.boolean()]);
export const ZParameterValues = z
  .record(
    z.string().max(63),
    z.union([ZParameterScalar, z.array(ZParameterScalar).max(1000), z.null()], { error: 'INVALID_PARAMETER' }),
  )
  .default({});
export type TParameterValues = Record<string, TParameterValue>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in UTC as YYYY-MM-DD: date parameters must not be after it. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whether a value was given: null, '' and [] mean "no value". */
export function hasParameterValue(value: TParameterValue | undefined): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'boolean') return true;
  return true;
}

/**
 * The error code for one scalar of a parameter's value, or null when it fits
 * the type (spec 001 §5: numbers are integers only, dates past only, in UTC).
 * Whether an id or code exists is the server's check.
 */
export function parameterScalarError(
  type: TQueryParameterType,
  value: TParameterScalar,
  today: string = utcToday(),
): 'INVALID_PARAMETER' | null {
  switch (type) {
    case 'TEXT':
      return typeof value === 'string' ? null : 'INVALID_PARAMETER';
    case 'BOOLEAN':
    case 'OPTIONAL':
      return typeof value === 'boolean' ? null : 'INVALID_PARAMETER';
    case 'NUMERIC': {
      const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      return typeof number === 'number' && Number.isSafeInteger(number) ? null : 'INVALID_PARAMETER';
    }
    case 'DATE':
      return typeof value === 'string' && isRealDate(value) && value <= today ? null : 'INVALID_PARAMETER';
    case 'ENTITY':
    case 'USER':
    case 'ENTITY_PROFILE':
    case 'ENTITY_TYPE':
    case 'EVENT_CATEGORY':
    case 'MOBILITY_GROUP':
    case 'MOBILITY_SYSTEM': {
      const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
      return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
        ? null
        : 'INVALID_PARAMETER';
    }
    case 'COUNTRY':
    case 'DISTRICT':
    case 'COUNTY':
    case 'PARISH':
      return typeof value === 'string' && /^[A-Za-z0-9]{1,12}$/.test(value) ? null : 'INVALID_PARAMETER';
    case 'EVENT_PRIORITY':
    case 'EVENT_STATUS':
    case 'LOG_PARAMETER':
      return typeof value === 'string' && (PARAMETER_ENUM_VALUES[type] ?? []).includes(value)
        ? null
        : 'INVALID_PARAMETER';
  }
}

export type TParameterValueError = 'MISSING_PARAMETER' | 'MISSING_AT_LEAST_ONE_PARAMETER' | 'INVALID_PARAMETER';

/**
 * The error for a parameter's whole value, or null. A mandatory parameter needs
 * a value (MISSING_PARAMETER: 'Deve indicar um valor para o parâmetro'); a
 * mandatory one with multiple values needs at least one
 * (MISSING_AT_LEAST_ONE_PARAMETER). An OPTIONAL switch that is off counts as
 * no value.
 */
export function parameterValueError(
  definition: Pick<TQueryParameterDefinition, 'type' | 'mandatory' | 'multiple'>,
  value: TParameterValue | undefined,
  today: string = utcToday(),
): TParameterValueError | null {
  const given = hasParameterValue(value) && !(definition.type === 'OPTIONAL' && value === false);
  if (!given) {
    if (!definition.mandatory) return null;
    return definition.multiple && Array.isArray(value) ? 'MISSING_AT_LEAST_ONE_PARAMETER' : 'MISSING_PARAMETER';
  }
  if (Array.isArray(value) !== definition.multiple) {
    // One value where a list is expected is accepted as a list of one.
    if (!(definition.multiple && !Array.isArray(value))) return 'INVALID_PARAMETER';
  }
  const scalars = Array.isArray(value) ? value : [value as TParameterScalar];
  return scalars.some((scalar) => parameterScalarError(definition.type, scalar, today) !== null)
    ? 'INVALID_PARAMETER'
    : null;
}

/** One choice for a parameter of a listed type (GET /query-parameters/options): a record id or a code, and its name. */
export const ZQueryParameterOption = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });
export type TQueryParameterOption = z.infer<typeof ZQueryParameterOption>;

/** How a result column's values are typed, so a table or chart can format them. */
export const QUERY_COLUMN_TYPES = ['number', 'text', 'boolean', 'date', 'datetime', 'json'] as const;
export type TQueryColumnType = (typeof QUERY_COLUMN_TYPES)[number];

/** A query's answer (spec 001 §3 "Widget data result: headers and rows"). */
export const ZQueryResult = z.object({
  headers: z.array(z.string()),
  /** One entry per header: how to read that column's values. */
  columnTypes: z.array(z.enum(QUERY_COLUMN_TYPES)),
  /** Each row as a list of values, in the order of the headers. */
  rows: z.array(z.array(z.unknown())),
  /** More rows matched than the row cap lets through. */
  truncated: z.boolean(),
});
export type TQueryResult = z.infer<typeof ZQueryResult>;

/** The rows as objects keyed by header: what charts read. */
export function rowsAsObjects(result: Pick<TQueryResult, 'headers' | 'rows'>): Record<string, unknown>[] {
  return result.rows.map((row) => Object.fromEntries(result.headers.map((header, index) => [header, row[index]])));
}
