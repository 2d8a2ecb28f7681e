import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { TUserFile } from '@mip/shared';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAppPath } from '../../app/paths';
import { deleteWithConfirmation } from '../../components/delete-record';
import { formatFileSize } from '../../components/files/file-size';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { useTableState } from '../../components/table/useTableState';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { deleteUserFile, useUserFileDownload, useUserFileSearch } from './usePersonalFiles';

const FILES_PAGE_SIZE = 20;

function FileActions({ file, onDelete }: { file: TUserFile; onDelete: () => void }) {
  const { t } = useTranslation();
  const { isDownloading, download } = useUserFileDownload(file.id);
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('personalFiles.download')}>
        <ActionIcon
          variant="subtle"
          onClick={download}
          loading={isDownloading}
          aria-label={t('personalFiles.downloadNamed', { name: file.filename })}
        >
          <IconDownload size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onDelete}
          aria-label={t('personalFiles.deleteNamed', { name: file.filename })}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * /personal/files and /personal/files/{fileUniversalSearch} (spec 001 §2):
 * the files generated for the user (reports), to search, download and delete.
 * The search lives in the address, so a link can open the files it names.
 */
export default function PersonalFilesPage() {
  const { t } = useTranslation();
  const { fileUniversalSearch = '' } = useParams();
  const navigate = useNavigate();
  const appPath = useAppPath();
  const session = useSession();
  const queryClient = useQueryClient();
  const table = useTableState<Record<string, never>>('personal-files', {
    filters: {},
    page: 0,
    sort: { property: 'createdAt', direction: 'DESC' },
  });
  const files = useUserFileSearch({
    universalSearch: fileUniversalSearch,
    currentPage: table.page,
    itemsPerPage: FILES_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleSearch = (text: string) => {
    const trimmed = text.trim();
    navigate(appPath(trimmed ? `/personal/files/${encodeURIComponent(trimmed)}` : '/personal/files'), {
      replace: true,
    });
  };
  const handleDelete = async (file: TUserFile) => {
    const isDeleted = await deleteWithConfirmation(t, { name: file.filename, remove: () => deleteUserFile(file.id) });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['personal-files'] });
  };

  const columns: TColumn<TUserFile>[] = [
    {
      key: 'filename',
      title: t('personalFiles.fields.filename'),
      sortProperty: 'filename',
      render: (file) => (
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {file.filename}
        </Text>
      ),
    },
    {
      key: 'origin',
      title: t('personalFiles.fields.origin'),
      render: (file) => t(`personalFiles.origins.${file.origin}`),
    },
    {
      key: 'size',
      title: t('personalFiles.fields.size'),
      sortProperty: 'size',
      render: (file) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatFileSize(file.size)}
        </Text>
      ),
    },
    {
      key: 'createdAt',
      title: t('personalFiles.fields.createdAt'),
      sortProperty: 'createdAt',
      render: (file) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(file.createdAt, session?.timeZone)}
        </Text>
      ),
    },
    {
      key: 'actions',
      title: t('table.actions'),
      width: 96,
      render: (file) => <FileActions file={file} onDelete={() => void handleDelete(file)} />,
    },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('personalFiles.help')}
      </Text>
      <FilterBar
        search={fileUniversalSearch}
        onSearch={handleSearch}
        searchLabel={t('personalFiles.search')}
        badges={[]}
      />
      <DataTable
        caption={t('pages.personalFiles')}
        columns={columns}
        page={files.data}
        query={files}
        currentPage={table.page}
        sort={table.sort}
        isLoading={files.isFetching}
        emptyText={fileUniversalSearch ? t('personalFiles.noMatches') : t('personalFiles.none')}
        rowKey={(file) => file.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
