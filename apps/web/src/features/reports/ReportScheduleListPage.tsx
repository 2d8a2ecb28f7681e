import { Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TReportSchedule } from '@mip/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { canAccess } from '../../app/routes';
import { deleteWithConfirmation } from '../../components/delete-record';
import { NoValue, StatusBadge, ToolbarAction } from '../../components/display';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { RowActions } from '../../components/table/RowActions';
import { useTableState } from '../../components/table/useTableState';
import { useSession } from '../auth/session-store';
import { GenerateNowButton } from './GenerateNowButton';
import { ReportsNav } from './ReportsNav';
import { describeRecurrence, formatLisbonTime } from './report-format';
import { deleteReportSchedule, useReportScheduleSearch } from './useReports';

const SCHEDULES_PAGE_SIZE = 20;

/**
 * /reports/schedules: the user's schedules, and with MANAGE_REPORTS every
 * user's (the admin list), each with its next generation in Lisbon time,
 * "generate now", edit and delete.
 */
export default function ReportScheduleListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const queryClient = useQueryClient();
  const canSeeAll = canAccess({ all: ['MANAGE_REPORTS'] }, session);
  const table = useTableState<{ whose: 'mine' | 'all' }>('report-schedules', {
    filters: { whose: 'mine' },
    page: 0,
    sort: { property: 'nextGenerationAt', direction: 'ASC' },
  });
  const isAll = canSeeAll && table.filters.whose === 'all';
  const schedules = useReportScheduleSearch({
    all: isAll ? 'true' : undefined,
    currentPage: table.page,
    itemsPerPage: SCHEDULES_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (schedule: TReportSchedule) => {
    const isDeleted = await deleteWithConfirmation(t, {
      name: t('reports.scheduleOf', { name: schedule.template.name }),
      remove: () => deleteReportSchedule(schedule.id),
    });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['report-schedules'] });
  };

  const columns: TColumn<TReportSchedule>[] = [
    {
      key: 'template',
      title: t('reports.fields.template'),
      render: (schedule) => (
        <Anchor component={Link} to={appPath(`/reports/schedules/${schedule.id}`)} fw={600} inherit>
          {schedule.template.name}
        </Anchor>
      ),
    },
    {
      key: 'owner',
      title: t('reports.fields.owner'),
      hidden: !isAll,
      render: (schedule) => schedule.owner.name,
    },
    {
      key: 'rule',
      title: t('reports.fields.rule'),
      render: (schedule) => (
        <Stack gap={0}>
          <Text size="sm">{describeRecurrence(t, schedule)}</Text>
          <Text size="xs" c="dimmed">
            {t(`reports.formats.${schedule.format}`)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'nextGenerationAt',
      title: t('reports.fields.nextGeneration'),
      sortProperty: 'nextGenerationAt',
      render: (schedule) =>
        schedule.nextGenerationAt ? (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatLisbonTime(schedule.nextGenerationAt)}
          </Text>
        ) : (
          <StatusBadge label={t('reports.scheduleDisabled')} isPositive={false} />
        ),
    },
    {
      key: 'lastGeneratedAt',
      title: t('reports.fields.lastGeneratedAt'),
      render: (schedule) =>
        schedule.lastGeneratedAt ? (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatLisbonTime(schedule.lastGeneratedAt)}
          </Text>
        ) : (
          <NoValue />
        ),
    },
    {
      key: 'subscribers',
      title: t('reports.fields.subscribers'),
      render: (schedule) =>
        schedule.subscribers.length > 0 ? (
          <Text size="sm">{schedule.subscribers.map((user) => user.name).join(', ')}</Text>
        ) : (
          <NoValue />
        ),
    },
    {
      key: 'actions',
      title: t('table.actions'),
      width: 220,
      render: (schedule) => (
        <Group gap={4} wrap="nowrap">
          <GenerateNowButton schedule={schedule} variant="subtle" />
          <RowActions
            editTo={appPath(`/reports/schedules/${schedule.id}`)}
            editLabel={t('reports.editScheduleNamed', { name: schedule.template.name })}
            onDelete={() => void handleDelete(schedule)}
            deleteLabel={t('reports.deleteScheduleNamed', { name: schedule.template.name })}
          />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <ReportsNav />
      <Group justify="space-between" gap="sm">
        {canSeeAll ? (
          <SegmentedControl
            aria-label={t('reports.whose.label')}
            data={[
              { value: 'mine', label: t('reports.whose.mine') },
              { value: 'all', label: t('reports.whose.all') },
            ]}
            value={table.filters.whose}
            onChange={(whose) => table.setFilters({ whose: whose as 'mine' | 'all' })}
          />
        ) : (
          <span />
        )}
        <ToolbarAction
          to={appPath('/reports/schedules/create')}
          icon={<IconPlus size={16} />}
          label={t('reports.addSchedule')}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t('reports.schedulesHelp')}
      </Text>
      <DataTable
        caption={isAll ? t('reports.whose.all') : t('pages.reportSchedules')}
        columns={columns}
        page={schedules.data}
        query={schedules}
        currentPage={table.page}
        sort={table.sort}
        isLoading={schedules.isFetching}
        emptyText={t('reports.noSchedules')}
        rowKey={(schedule) => schedule.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
