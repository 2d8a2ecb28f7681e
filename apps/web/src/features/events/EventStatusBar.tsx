import { Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isReopening, type TEvent, type TEventStatus, ZEventStatusChange } from '@mip/shared';
import { IconArrowsTransferUpDown } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refuseInvalidForm } from '../../components/form-error';
import { notify } from '../../components/notify';
import { errorText, showServerError } from '../../components/server-errors';
import { validateWithSchema } from '../auth/zod-form';
import { EventPriorityBadge, EventStatusBadge } from './EventBadges';
import { TransferModal } from './TransferModal';
import { changeEventStatus, transferEvent } from './useEvents';

/** Asks why a finished event is being reopened (the note is required: MISSING_MESSAGE). */
function ReopenModal({ event, target, onClose }: { event: TEvent; target: TEventStatus | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { note: '' },
    // The schema takes a change without a note; a reopening is the one that needs it.
    validate: (values) =>
      values.note.trim()
        ? validateWithSchema(t, ZEventStatusChange, { status: target, note: values.note })
        : { note: errorText(t, 'MISSING_MESSAGE') },
  });
  const handleClose = () => {
    form.reset();
    onClose();
  };
  const reopening = useMutation({
    mutationFn: (note: string) => changeEventStatus(event.id, { status: target as TEventStatus, note }),
    onSuccess: async () => {
      notify({
        kind: 'success',
        title: t('common.success'),
        message: t('events.status.changed', { status: t(`eventVocab.status.${target}`) }),
      });
      handleClose();
      await queryClient.invalidateQueries({ queryKey: ['events'] });
    },
    onError: (error) => showServerError(t, error, form.setErrors),
  });

  return (
    <Modal
      opened={target !== null}
      onClose={handleClose}
      title={t('events.status.reopenTitle')}
      closeButtonProps={{ 'aria-label': t('common.closeDialog') }}
    >
      <form onSubmit={form.onSubmit((values) => reopening.mutate(values.note), refuseInvalidForm(t))} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t('events.status.reopenIntro', { status: t(`eventVocab.status.${event.status}`), title: event.title })}
          </Text>
          <Textarea
            label={t('events.status.note')}
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={5000}
            data-autofocus
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={reopening.isPending}>
              {t('events.status.reopen')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The event's status and priority, the statuses it may move to next (as the
 * server says for this user and category), and the transfer to another
 * entity. Reopening a resolved or closed event asks for a note.
 */
export function EventStatusBar({ event }: { event: TEvent }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reopenTarget, setReopenTarget] = useState<TEventStatus | null>(null);
  const [isTransferOpen, setIsTransferOpen] = useState(false);

  const changing = useMutation({
    mutationFn: (status: TEventStatus) => changeEventStatus(event.id, { status }),
    onSuccess: async (_saved, status) => {
      notify({
        kind: 'success',
        title: t('common.success'),
        message: t('events.status.changed', { status: t(`eventVocab.status.${status}`) }),
      });
      await queryClient.invalidateQueries({ queryKey: ['events'] });
    },
    onError: (error) => showServerError(t, error),
  });

  const handleStatus = (status: TEventStatus) => {
    if (isReopening(event.status, status)) setReopenTarget(status);
    else changing.mutate(status);
  };

  const handleTransfer = async (input: { entityId: number; note: string | null }) => {
    const saved = await transferEvent(event.id, input);
    notify({
      kind: 'success',
      title: t('common.success'),
      message: t('events.transfer.done', { entity: saved.entity.name }),
    });
    await queryClient.invalidateQueries({ queryKey: ['events'] });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="event-status-title" data-testid="event-status-bar">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Text id="event-status-title" fw={700}>
              {t('events.status.title', { id: event.id })}
            </Text>
            <EventStatusBadge status={event.status} size="lg" />
            <EventPriorityBadge priority={event.priority} />
          </Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconArrowsTransferUpDown size={14} />}
            onClick={() => setIsTransferOpen(true)}
          >
            {t('events.transfer.action')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('events.status.responsible', { entity: event.entity.name })}
        </Text>
        {event.nextStatuses.length > 0 && (
          <Group gap="xs" role="group" aria-label={t('events.status.moveTo')}>
            <Text size="sm" fw={500}>
              {t('events.status.moveTo')}
            </Text>
            {event.nextStatuses.map((status) => (
              <Button
                key={status}
                size="xs"
                variant={isReopening(event.status, status) ? 'outline' : 'light'}
                loading={changing.isPending && changing.variables === status}
                onClick={() => handleStatus(status)}
              >
                {isReopening(event.status, status)
                  ? t('events.status.reopen')
                  : t('events.status.moveToNamed', { status: t(`eventVocab.status.${status}`) })}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
      <ReopenModal event={event} target={reopenTarget} onClose={() => setReopenTarget(null)} />
      <TransferModal
        opened={isTransferOpen}
        onClose={() => setIsTransferOpen(false)}
        intro={t('events.transfer.singleIntro', { title: event.title, entity: event.entity.name })}
        transfer={handleTransfer}
      />
    </Paper>
  );
}
