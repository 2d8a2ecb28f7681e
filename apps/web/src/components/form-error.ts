import type { TFunction } from 'i18next';
import type { SyntheticEvent } from 'react';
import { notify } from './notify';

/**
 * Spec 000 §8 FORM_ERROR: what a form says when its own checks stop the submit;
 * `about` names the form, so that its successful save replaces this notice.
 */
export function notifyInvalidForm(t: TFunction, about?: string) {
  notify({ kind: 'error', title: t('errors.FORM_ERROR_TITLE'), message: t('errors.FORM_ERROR'), about });
}

/** Spec 001 §9: a form scrolls to its first field in error this long after saying it has errors. */
export const FORM_ERROR_SCROLL_DELAY_MS = 400;

/** What can take the focus inside a field: its own input first, else its first control (a drawing's buttons). */
const FOCUSABLE = [
  'input:not([type="hidden"]):not([disabled])',
  'textarea:not([disabled])',
  'select:not([disabled])',
  '[contenteditable="true"]',
  'button:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * Brings the first field showing an error inside `container` into view and
 * focus, once the errors have rendered (any Mantine input or Input.Wrapper).
 * A field out of sight (the event form's "Sentido" below the fold) would
 * otherwise leave the user with a notice and nothing to fix on screen.
 * Nothing moves when the user has put the focus elsewhere in the meantime.
 */
export function scrollToFirstError(container: ParentNode | null, delay = FORM_ERROR_SCROLL_DELAY_MS) {
  const focusedOnRefusal = document.activeElement;
  window.setTimeout(() => {
    // A user quicker than the delay has already gone to a field (typed a name,
    // opened a list): taking the focus from them would close what they opened.
    const focused = document.activeElement;
    if (focused !== focusedOnRefusal && focused !== null && focused !== document.body) return;
    const error = container?.querySelector('.mantine-InputWrapper-error');
    const field = error?.closest<HTMLElement>('.mantine-InputWrapper-root') ?? null;
    if (!field) return;
    // Instant under "reduce motion"; the focus is given without a second jump either way.
    const isMotionReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    field.scrollIntoView({ behavior: isMotionReduced ? 'auto' : 'smooth', block: 'center' });
    field.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
  }, delay);
}

/**
 * form.onSubmit's second argument for every form: when its own checks refuse
 * the submit, say so and take the user to the first field in error.
 */
export function refuseInvalidForm(t: TFunction, about?: string) {
  return (_errors: unknown, _values: unknown, event: SyntheticEvent<HTMLFormElement> | undefined) => {
    notifyInvalidForm(t, about);
    // Read now: React clears currentTarget once the handler returns.
    scrollToFirstError(event?.currentTarget ?? document.body);
  };
}
