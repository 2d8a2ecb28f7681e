import {
  ActionIcon,
  Anchor,
  Box,
  Card,
  Code,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { TSpriteIcon } from '@mip/shared';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { deleteWithConfirmation } from '../../components/delete-record';
import { NoValue } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { svgDataUrl } from '../../components/svg-icon';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { useTableState } from '../../components/table/useTableState';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { SpriteUploader } from './SpriteUploader';
import { deleteSprite, useSpriteSearch, useSpriteSheet } from './useSprites';

export const SPRITES_PAGE_SIZE = 25;

/** A checkerboard behind transparent pictures, so white and light icons still show. */
const CHECKERBOARD = {
  backgroundColor: 'var(--mantine-color-gray-1)',
  backgroundImage:
    'linear-gradient(45deg, var(--mantine-color-gray-3) 25%, transparent 25%, transparent 75%, var(--mantine-color-gray-3) 75%), linear-gradient(45deg, var(--mantine-color-gray-3) 25%, transparent 25%, transparent 75%, var(--mantine-color-gray-3) 75%)',
  backgroundSize: '16px 16px',
  backgroundPosition: '0 0, 8px 8px',
};

/** The sheet the map styles read: where it is, what it holds, how it looks. */
function SpriteSheetCard() {
  const { t } = useTranslation();
  const session = useSession();
  const sheet = useSpriteSheet();
  const data = sheet.data;
  const absoluteUrl = data ? `${window.location.origin}${data.spriteUrl}` : '';
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sprite-sheet-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="sprite-sheet-title">
          {t('sprites.sheetTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('sprites.sheetHelp')}
        </Text>
        {data && (
          <>
            <Group gap="xs" wrap="nowrap">
              <Code style={{ overflowWrap: 'anywhere' }} data-testid="sprite-url">
                {absoluteUrl}
              </Code>
              <CopyButton value={absoluteUrl}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('sprites.copied') : t('sprites.copyUrl')}>
                    <ActionIcon variant="subtle" onClick={copy} aria-label={t('sprites.copyUrl')}>
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 3 }}>
              <div>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  {t('sprites.iconCount')}
                </Text>
                <Text size="sm">{data.iconCount}</Text>
              </div>
              <div>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  {t('sprites.sheetSize')}
                </Text>
                <Text size="sm">
                  {t('sprites.sheetSizes', {
                    width: data.width,
                    height: data.height,
                    width2x: data.width2x,
                    height2x: data.height2x,
                  })}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  {t('sprites.builtAt')}
                </Text>
                <Text size="sm">{data.builtAt ? formatDateTime(data.builtAt, session?.timeZone) : <NoValue />}</Text>
              </div>
            </SimpleGrid>
            {data.iconCount > 0 && (
              <Box p="xs" style={{ ...CHECKERBOARD, overflowX: 'auto', borderRadius: 'var(--mantine-radius-sm)' }}>
                {/* The 2× sheet at half size: sharp on any screen, laid out as the 1× sheet. */}
                <img
                  src={`/api/sprites/sprite@2x.png?v=${encodeURIComponent(data.builtAt ?? '')}`}
                  alt={t('sprites.sheetPreview', { count: data.iconCount })}
                  width={data.width}
                  height={data.height}
                  style={{ display: 'block' }}
                />
              </Box>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** /sprite: the map's icons, uploaded as SVG and built into the sprite sheet the map styles name. */
export default function SpritePage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const queryClient = useQueryClient();
  const table = useTableState<{ universalSearch: string }>('sprites', {
    filters: { universalSearch: '' },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const icons = useSpriteSearch({
    universalSearch: table.filters.universalSearch,
    currentPage: table.page,
    itemsPerPage: SPRITES_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (icon: TSpriteIcon) => {
    const isDeleted = await deleteWithConfirmation(t, { name: icon.name, remove: () => deleteSprite(icon.id) });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['sprites'] });
  };

  const columns: TColumn<TSpriteIcon>[] = [
    {
      key: 'preview',
      title: t('sprites.fields.preview'),
      width: 72,
      render: (icon) => (
        <Box p={4} w={44} h={44} style={{ ...CHECKERBOARD, display: 'grid', placeItems: 'center', borderRadius: 4 }}>
          <img src={svgDataUrl(icon.svg)} alt="" width={Math.min(36, icon.width)} height={Math.min(36, icon.height)} />
        </Box>
      ),
    },
    {
      key: 'name',
      title: t('sprites.fields.name'),
      sortProperty: 'name',
      render: (icon) => (
        <Anchor component={Link} to={appPath(`/sprite/${icon.id}`)} fw={600} ff="monospace" inherit>
          {icon.name}
        </Anchor>
      ),
    },
    {
      key: 'size',
      title: t('sprites.fields.size'),
      sortProperty: 'size',
      render: (icon) => t('sprites.box', { width: icon.width, height: icon.height }),
    },
    {
      key: 'updatedAt',
      title: t('sprites.fields.updatedAt'),
      sortProperty: 'updatedAt',
      render: (icon) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(icon.updatedAt, session?.timeZone)}
        </Text>
      ),
    },
    rowActionsColumn<TSpriteIcon>(t('table.actions'), true, (icon) => ({
      editTo: appPath(`/sprite/${icon.id}`),
      editLabel: t('sprites.editNamed', { name: icon.name }),
      onDelete: () => void handleDelete(icon),
      deleteLabel: t('sprites.deleteNamed', { name: icon.name }),
    })),
  ];

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="sprite-upload-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="sprite-upload-title">
            {t('sprites.uploadTitle')}
          </Title>
          <SpriteUploader />
        </Stack>
      </Card>
      <SpriteSheetCard />
      <Stack gap="md" component="section" aria-label={t('sprites.listTitle')}>
        <FilterBar
          search={table.filters.universalSearch}
          onSearch={(universalSearch) => table.setFilters({ universalSearch })}
          searchLabel={t('sprites.search')}
          badges={[]}
        />
        <DataTable
          caption={t('pages.sprites')}
          columns={columns}
          page={icons.data}
          query={icons}
          currentPage={table.page}
          sort={table.sort}
          isLoading={icons.isFetching}
          emptyText={t('sprites.noIcons')}
          rowKey={(icon) => icon.id}
          onSort={table.setSort}
          onPage={table.setPage}
        />
      </Stack>
    </Stack>
  );
}
