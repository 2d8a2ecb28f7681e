import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TEventRequest, ZEventRequestReject } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { validateWithSchema } from '../auth/zod-form';
import { rejectEventRequest } from './useEventRequests';
import { useRequestDecision } from './useRequestDecision';

/** Spec 001 §4: a rejection needs a reason, which the reporter receives by email. */
export function RejectRequestModal({
  request,
  opened,
  onClose,
}: {
  request: TEventRequest;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { reason: '' },
    validate: (values) => validateWithSchema(t, ZEventRequestReject, values),
  });

  const {
    deciding: rejecting,
    handleClose,
    refuse,
  } = useRequestDecision({
    form,
    send: (values) => rejectEventRequest(request.id, values),
    onClose,
    success: () => ({ title: t('eventRequests.reject.success') }),
  });

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={t('eventRequests.reject.title')}
      closeButtonProps={{ 'aria-label': t('common.closeDialog') }}
    >
      <form onSubmit={form.onSubmit((values) => rejecting.mutate(values), refuse)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('eventRequests.reject.intro', { title: request.title })}</Text>
          <Textarea
            label={t('eventRequests.fields.reason')}
            description={t('eventRequests.reject.reasonHelp')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={rejecting.isPending}>
              {t('eventRequests.reject.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
