import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZEventTransfer } from '@mip/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refuseInvalidForm } from '../../components/form-error';
import type { TOption } from '../../components/select/RemoteSelect';
import { showServerError } from '../../components/server-errors';
import { validateWithSchema } from '../auth/zod-form';
import { EntitySelect } from '../entities/EntitySelect';

interface TTransferValues {
  entityId: number | null;
  note: string;
}

/**
 * Hands one event or several to another entity (spec 001 §8: transfers, single
 * and bulk), with an optional note for the timeline. `transfer` does the call
 * and tells the user; errors on the entity or note land on their fields.
 */
export function TransferModal({
  opened,
  onClose,
  intro,
  transfer,
}: {
  opened: boolean;
  onClose: () => void;
  /** What is being transferred, in words. */
  intro: string;
  transfer: (input: { entityId: number; note: string | null }, entity: TOption | null) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useForm<TTransferValues & { entity: TOption | null }>({
    initialValues: { entityId: null, note: '', entity: null },
    validate: (values) => validateWithSchema(t, ZEventTransfer, { entityId: values.entityId, note: values.note }),
  });

  const handleClose = () => {
    form.reset();
    onClose();
  };

  const transferring = useMutation({
    mutationFn: (values: TTransferValues & { entity: TOption | null }) =>
      transfer({ entityId: values.entityId as number, note: values.note.trim() || null }, values.entity),
    onSuccess: handleClose,
    onError: (error) => showServerError(t, error, form.setErrors),
  });

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={t('events.transfer.title')}
      closeButtonProps={{ 'aria-label': t('common.closeDialog') }}
    >
      <form onSubmit={form.onSubmit((values) => transferring.mutate(values), refuseInvalidForm(t))} noValidate>
        <Stack gap="md">
          <Text size="sm">{intro}</Text>
          <EntitySelect
            label={t('events.transfer.entity')}
            required
            data-autofocus
            // Its options open as the user types, not over the buttons as the dialog opens.
            openOnFocus={false}
            value={form.values.entityId}
            error={form.errors.entityId}
            onChange={(entityId, entity) => form.setValues({ entityId, entity })}
          />
          <Textarea
            label={t('events.transfer.note')}
            description={t('events.transfer.noteHelp')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={5000}
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={transferring.isPending}>
              {t('events.transfer.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
