import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import { confirmAction } from './confirm';
import { notify } from './notify';

/**
 * Asks, deletes, and says how it went (spec 000 §8: DELETE_SUCCESS, or
 * DELETE_FAILED with the server's message). Resolves to whether it was deleted.
 */
export async function deleteWithConfirmation(
  t: TFunction,
  options: { name: string; remove: () => Promise<unknown>; requireText?: string },
): Promise<boolean> {
  const isConfirmed = await confirmAction({
    title: t('confirm.deleteTitle'),
    message: t('confirm.deleteMessage', { name: options.name }),
    confirmLabel: t('confirm.delete'),
    isDanger: true,
    requireText: options.requireText,
  });
  if (!isConfirmed) return false;
  try {
    await options.remove();
    notify({ kind: 'success', title: t('common.success'), message: t('errors.DELETE_SUCCESS') });
    return true;
  } catch (error) {
    notify({ kind: 'error', title: t('errors.DELETE_FAILED'), message: deleteFailureText(t, error) });
    return false;
  }
}

/** What stops the delete, in the user's language; the server's own words only when the catalog has none. */
function deleteFailureText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.INTERNAL_ERROR');
  if (error.blocked) {
    const { reason, name, count } = error.blocked;
    return t(`errors.deleteBlocked.${reason}`, { name, count: count ?? 0 });
  }
  return error.message && error.message !== error.code ? error.message : t('errors.INTERNAL_ERROR');
}
