import type { TFieldError } from '@mip/shared';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import { describeActionFailure } from './failure';
import { notifyInvalidForm, scrollToFirstError } from './form-error';
import { notify } from './notify';

/** Turns "name[0].field" into the dotted path @mantine/form uses ("name.0.field"). */
export function toFormPath(property: string): string {
  return property.replace(/\[(\w+)\]/g, '.$1').replace(/^\./, '');
}

/**
 * The text for an error code, in the user's language; unknown codes fall back to the generic message.
 * A form whose spec words a code its own way (the user form's "fill in the full name") names its
 * scope, and `<scope>.errors.<CODE>` is read first.
 */
export function errorText(t: TFunction, code: string, scope?: string): string {
  const keys = scope ? [`${scope}.errors.${code}`, `errors.${code}`] : `errors.${code}`;
  return t(keys, { defaultValue: t('errors.INVALID_VALUE') });
}

export function toFormErrors(t: TFunction, errors: TFieldError[], scope?: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { property, error } of errors) {
    const path = toFormPath(property);
    result[path] ??= errorText(t, error, scope);
  }
  return result;
}

/**
 * Spec 000 §8: field errors land on their fields with the 'check the marked
 * fields' notice (a validation error is not a toast on its own), and the
 * first of them is brought into view and focus; anything else becomes one
 * message, 'Something Went Wrong!' with the server's words.
 */
export function showServerError(
  t: TFunction,
  error: unknown,
  setErrors?: (errors: Record<string, string>) => void,
  scope?: string,
  /** The action or form that failed: its success later replaces this error (see notify). */
  about?: string,
): void {
  if (error instanceof ApiError && error.hasErrors && setErrors) {
    setErrors(toFormErrors(t, error.errors, scope));
    notifyInvalidForm(t, about);
    // The page shows one form's errors at a time: those just set.
    scrollToFirstError(document.body);
    return;
  }
  notify({ kind: 'error', ...describeActionFailure(t, error), about });
}
