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
    const detail = error instanceof ApiError ? error.message : '';
    notify({
      kind: 'error',
      title: t('errors.DELETE_FAILED'),
      message: detail && detail !== 'DELETE_FAILED' ? detail : t('errors.INTERNAL_ERROR'),
    });
    return false;
  }
}
