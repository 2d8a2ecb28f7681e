import type { TFunction } from 'i18next';
import { notify } from './notify';

/** Spec 000 §8 FORM_ERROR: what a form says when its own checks stop the submit. */
export function notifyInvalidForm(t: TFunction) {
  notify({ kind: 'error', title: t('errors.FORM_ERROR_TITLE'), message: t('errors.FORM_ERROR') });
}
