import { Anchor, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TIotQueue } from '@mip/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { deleteWithConfirmation } from '../../components/delete-record';
import { ToolbarAction } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { useTableState } from '../../components/table/useTableState';
import { QueueFigures, QueueStateBadge } from './QueueStatus';
import { deleteIotQueue, useIotQueueSearch } from './useIotQueues';

/** /iot-queue: the message queues with the live status of their consumers. */
export default function QueueListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  // A phone has no room for four columns: the state and figures go under the name.
  const isPhone = useMediaQuery('(max-width: 36em)');
  const table = useTableState<{ universalSearch: string }>('iot-queues', {
    filters: { universalSearch: '' },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const queues = useIotQueueSearch({
    universalSearch: table.filters.universalSearch,
    currentPage: table.page,
    itemsPerPage: 20,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (queue: TIotQueue) => {
    const isDeleted = await deleteWithConfirmation(t, { name: queue.name, remove: () => deleteIotQueue(queue.id) });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['iot-queues'] });
  };

  const columns: TColumn<TIotQueue>[] = [
    {
      key: 'name',
      title: t('iotQueues.fields.name'),
      sortProperty: 'name',
      render: (queue) => (
        <Stack gap={2} align="flex-start">
          <Anchor component={Link} to={appPath(`/iot-queue/${queue.id}`)} fw={600} inherit>
            {queue.name}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {queue.url} · {queue.topic}
          </Text>
          {isPhone && (
            <>
              <QueueStateBadge queue={queue} />
              <QueueFigures queue={queue} />
            </>
          )}
        </Stack>
      ),
    },
    {
      key: 'protocol',
      title: t('iotQueues.fields.protocol'),
      sortProperty: 'protocol',
      render: (queue) => t(`iotQueues.protocols.${queue.protocol}`),
    },
    {
      key: 'state',
      title: t('iotQueues.fields.state'),
      render: (queue) => <QueueStateBadge queue={queue} />,
      hidden: isPhone,
    },
    {
      key: 'figures',
      title: t('iotQueues.fields.activity'),
      render: (queue) => <QueueFigures queue={queue} />,
      hidden: isPhone,
    },
    rowActionsColumn<TIotQueue>(t('table.actions'), true, (queue) => ({
      editTo: appPath(`/iot-queue/${queue.id}`),
      editLabel: t('iotQueues.editNamed', { name: queue.name }),
      onDelete: () => void handleDelete(queue),
      deleteLabel: t('iotQueues.deleteNamed', { name: queue.name }),
    })),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        search={table.filters.universalSearch}
        onSearch={(universalSearch) => table.setFilters({ universalSearch })}
        searchLabel={t('iotQueues.search')}
        actions={
          <ToolbarAction to={appPath('/iot-queue/create')} icon={<IconPlus size={16} />} label={t('iotQueues.add')} />
        }
        badges={[]}
      />
      <DataTable
        caption={t('pages.iotQueues')}
        columns={columns}
        page={queues.data}
        query={queues}
        currentPage={table.page}
        sort={table.sort}
        isLoading={queues.isPending}
        emptyText={t('iotQueues.noQueues')}
        rowKey={(queue) => queue.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
