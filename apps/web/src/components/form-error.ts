import type { TFunction } from 'i18next';
import { notify } from './notify';

/** Spec 000 §8 FORM_ERROR: what a form says when its own checks stop the submit. */
export function notifyInvalidForm(t: TFunction) {
  notify({ kind: 'error', title: t('errors.FORM_ERROR_TITLE'), message: t('errors.FORM_ERROR') });
}

/** Spec 001 §9: a form scrolls to its first field in error this long after saying it has errors. */
export const FORM_ERROR_SCROLL_DELAY_MS = 400;

/**
 * Brings the first field showing an error inside `container` into view and
 * focus, once the errors have rendered (any Mantine input or Input.Wrapper).
 */
export function scrollToFirstError(container: HTMLElement | null, delay = FORM_ERROR_SCROLL_DELAY_MS) {
  window.setTimeout(() => {
    const error = container?.querySelector('.mantine-InputWrapper-error');
    const field = error?.closest<HTMLElement>('.mantine-InputWrapper-root') ?? null;
    if (!field) return;
    field.scrollIntoView({ behavior: 'smooth', block: 'center' });
    field.querySelector<HTMLElement>('input, textarea, [contenteditable="true"]')?.focus({ preventScroll: true });
  }, delay);
}
