import { z } from 'zod';

export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

/** Query parameters every paged search accepts (spec 000 §7). */
export const ZPageQuery = z.object({
  sortProperty: z.string().max(64).optional(),
  sortDirection: z.enum(SORT_DIRECTIONS).optional(),
  currentPage: z.coerce.number().int().min(0).max(1_000_000).default(0),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** The spec's paged list: zero-based currentPage. */
export function ZPagedList<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    totalItems: z.number().int(),
    totalPages: z.number().int(),
    currentPage: z.number().int(),
    itemsPerPage: z.number().int(),
    sortBy: z.string().nullable(),
    sortOrder: z.enum(SORT_DIRECTIONS).nullable(),
  });
}
export type TPagedList<T> = {
  content: T[];
  totalItems: number;
  totalPages: number;
  currentPage: number;
  itemsPerPage: number;
  sortBy: string | null;
  sortOrder: (typeof SORT_DIRECTIONS)[number] | null;
};

export const ZFieldError = z.object({ property: z.string(), error: z.string() });

export const ZErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  hasErrors: z.boolean().optional(),
  errors: z.array(ZFieldError).optional(),
  correlationId: z.string().optional(),
});

export const ZSuccess = z.object({ success: z.literal(true) });

/** Query values arrive as strings; 'true'/'false' only, anything else is an error. */
export const ZQueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/** A list in a query string: repeated keys or one comma-separated value. */
export function ZQueryList<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) =>
      value === undefined || value === ''
        ? undefined
        : (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(',')).filter((v) => v !== ''),
    z.array(item).max(1000).optional(),
  );
}

export const MAX_ID = 2_147_483_647;
export const ZId = z.coerce.number().int().positive().max(MAX_ID);
export const ZIdParams = z.object({ id: ZId });

export const LANGUAGES = ['pt-PT', 'en-US'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'pt-PT';
export const DEFAULT_TIME_ZONE = 'Europe/Lisbon';
export const DEFAULT_COUNTRY = 'PT';

export function isValidTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A boolean that arrives as JSON (true) in bodies or as text ('true') in query strings. */
export const ZFlexBoolean = z.union([z.boolean(), ZQueryBoolean]);

/** Free text for a search box: trimmed, bounded, empty meaning "no filter". */
export const ZSearchText = z
  .string()
  .max(200)
  .transform((value) => value.trim())
  .optional();

/** An error code when a value is absent, another when it is present but wrong (zod 4 issue callback). */
export function missingOr(missingCode: string, invalidCode: string) {
  return (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? missingCode : invalidCode;
}

/** An absolute http: or https: address (no javascript:, data:, file:…). */
export function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/** A record's id in a body: the missing code when absent, the invalid one when not a possible id. */
export function requiredId(missingCode: string, invalidCode: string) {
  return z
    .number({ error: missingOr(missingCode, invalidCode) })
    .int({ error: invalidCode })
    .positive({ error: invalidCode })
    .max(MAX_ID, { error: invalidCode });
}

/** An optional record id in a body: null when absent. */
export function nullableId(code: string) {
  return z
    .number({ error: code })
    .int({ error: code })
    .positive({ error: code })
    .max(MAX_ID, { error: code })
    .nullish()
    .transform((value) => value ?? null);
}
