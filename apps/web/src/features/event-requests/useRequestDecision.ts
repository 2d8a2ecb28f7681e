import type { UseFormReturnType } from '@mantine/form';
import type { TEventRequest } from '@mip/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refuseInvalidForm } from '../../components/form-error';
import { notify } from '../../components/notify';
import { showServerError } from '../../components/server-errors';

/** What a decision's messages are about: accepting or rejecting at last replaces the refusal before it. */
const DECIDE = 'decide:event-request';

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
      notify({ kind: 'success', ...success(closed), about: DECIDE });
      form.reset();
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['event-requests'] });
    },
    onError: (error) => showServerError(t, error, form.setErrors, undefined, DECIDE),
  });
  const handleClose = () => {
    form.reset();
    onClose();
  };
  /** The form's second onSubmit argument: refused by its own checks, it says so and goes to the first error. */
  const refuse = refuseInvalidForm(t, DECIDE);
  return { deciding, handleClose, refuse };
}
