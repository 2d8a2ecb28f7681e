import type { UseFormReturnType } from '@mantine/form';
import type { TEventRequest } from '@mip/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { showServerError } from '../../components/server-errors';

/**
 * Accepting or rejecting from its modal: once the server agrees, a toast,
 * the modal closes and the request reloads (closed, without the buttons);
 * field errors (MISSING_REASON, MISSING_GEOMETRY) land on the modal's fields.
 */
export function useRequestDecision<V>({
  form,
  send,
  onClose,
  success,
}: {
  form: UseFormReturnType<V>;
  send: (values: V) => Promise<TEventRequest>;
  onClose: () => void;
  success: (closed: TEventRequest) => { title: string; message?: string };
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const deciding = useMutation({
    mutationFn: send,
    onSuccess: async (closed) => {
      notify({ kind: 'success', ...success(closed) });
      form.reset();
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['event-requests'] });
    },
    onError: (error) => showServerError(t, error, form.setErrors),
  });
  const handleClose = () => {
    form.reset();
    onClose();
  };
  return { deciding, handleClose };
}
