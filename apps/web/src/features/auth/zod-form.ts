import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { toFormErrors } from '../../components/server-errors';

/**
 * Checks form values with the same zod schema the server uses, and answers
 * the form errors (empty when valid), so both sides say the same thing.
 */
export function validateWithSchema(
  t: TFunction,
  schema: z.ZodType,
  values: unknown,
  scope?: string,
): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return toFormErrors(
    t,
    result.error.issues.map((issue) => ({ property: issue.path.map(String).join('.'), error: issue.message })),
    scope,
  );
}
