import { Button, Code, Group, Stack, Text } from '@mantine/core';
import type { TIotDeadLetter, TIotQueue } from '@mip/shared';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { showServerError } from '../../components/server-errors';
import { TitledSection } from '../../components/TitledSection';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { deleteDeadLetter, replayDeadLetter, useDeadLetters } from './useIotQueues';

/** Messages that could not be read or name an unknown reader: inspect, replay (after fixing the cause) or delete. */
export function DeadLetters({ queue }: { queue: TIotQueue }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const letters = useDeadLetters(queue.id, page);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['iot-queues'] });

  const handleReplay = async (letterId: number | null) => {
    try {
      const result = await replayDeadLetter(queue.id, letterId);
      notify({
        kind: result.replayed > 0 ? 'success' : 'info',
        title: t('iotQueues.deadLetters.replayTitle'),
        message: t('iotQueues.deadLetters.replayed', result),
      });
    } catch (error) {
      showServerError(t, error);
    }
    await refresh();
  };
  const handleDelete = async (letterId: number | null) => {
    const isConfirmed =
      letterId !== null ||
      (await confirmAction({
        title: t('iotQueues.deadLetters.deleteAll'),
        message: t('iotQueues.deadLetters.confirmDeleteAll'),
        isDanger: true,
      }));
    if (!isConfirmed) return;
    try {
      await deleteDeadLetter(queue.id, letterId);
    } catch (error) {
      showServerError(t, error);
    }
    await refresh();
  };

  const columns: TColumn<TIotDeadLetter>[] = [
    {
      key: 'receivedAt',
      title: t('iotQueues.deadLetters.receivedAt'),
      render: (letter) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(letter.receivedAt, session?.timeZone)}
        </Text>
      ),
    },
    {
      key: 'reason',
      title: t('iotQueues.deadLetters.reason'),
      render: (letter) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t(`iotQueues.reasons.${letter.reason}`)}
          </Text>
          {letter.detail && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {letter.detail}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'payload',
      title: t('iotQueues.deadLetters.payload'),
      render: (letter) => (
        <Code
          block
          maw={420}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 120, overflow: 'auto' }}
        >
          {letter.payload}
        </Code>
      ),
    },
    {
      key: 'actions',
      title: t('table.actions'),
      render: (letter) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void handleReplay(letter.id)}
          >
            {t('iotQueues.deadLetters.replay')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={t('iotQueues.deadLetters.delete')}
            onClick={() => void handleDelete(letter.id)}
          >
            <IconTrash size={14} />
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <TitledSection id="queue-dead-letters" title={t('iotQueues.deadLetters.title')}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('iotQueues.deadLetters.help')}
        </Text>
        {(letters.data?.totalItems ?? 0) > 0 && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={() => void handleReplay(null)}
            >
              {t('iotQueues.deadLetters.replayAll')}
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => void handleDelete(null)}>
              {t('iotQueues.deadLetters.deleteAll')}
            </Button>
          </Group>
        )}
      </Group>
      {letters.data?.totalItems === 0 ? (
        // Not an empty table: on a phone it would be a scrollable region with nothing to focus in it.
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('iotQueues.deadLetters.none')}
        </Text>
      ) : (
        <DataTable
          caption={t('iotQueues.deadLetters.title')}
          columns={columns}
          page={letters.data}
          query={letters}
          currentPage={page}
          sort={null}
          isLoading={letters.isPending}
          emptyText={t('iotQueues.deadLetters.none')}
          rowKey={(letter) => letter.id}
          onSort={() => undefined}
          onPage={setPage}
        />
      )}
    </TitledSection>
  );
}
