import { ActionIcon, Indicator, Menu, Tooltip } from '@mantine/core';
import type { TTableExportFormat } from '@mip/shared';
import { IconChartBar, IconDownload, IconFilter, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type TChartImageFormat = 'PNG' | 'SVG';

/** The buttons in a widget's corner: filters, chart or table, and downloads; each shown only when it applies. */
export function WidgetActions({
  title,
  filterCount,
  onFilters,
  isTable,
  onToggleTable,
  imageFormats,
  onImage,
  tableFormats,
  onTable,
}: {
  title: string;
  /** How many filters are in force; no button when undefined (nothing left to choose). */
  filterCount?: number;
  onFilters: () => void;
  isTable: boolean;
  /** No toggle when undefined (the widget does not offer its data as a table). */
  onToggleTable?: () => void;
  imageFormats: TChartImageFormat[];
  onImage: (format: TChartImageFormat) => void;
  tableFormats: TTableExportFormat[];
  onTable: (format: TTableExportFormat) => void;
}) {
  const { t } = useTranslation();
  const hasDownloads = imageFormats.length + tableFormats.length > 0;
  const tableLabel = t(isTable ? 'dashboards.view.showChart' : 'dashboards.view.showTable');
  return (
    <>
      {filterCount !== undefined && (
        <Tooltip label={t('dashboards.view.filters')}>
          <Indicator label={filterCount} size={16} disabled={filterCount === 0} offset={4}>
            <ActionIcon
              variant="subtle"
              aria-label={
                filterCount > 0
                  ? t('dashboards.view.filtersApplied', { title, count: filterCount })
                  : t('dashboards.view.filtersOf', { title })
              }
              onClick={onFilters}
            >
              <IconFilter size={18} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      )}
      {onToggleTable && (
        <Tooltip label={tableLabel}>
          <ActionIcon
            variant="subtle"
            aria-label={`${tableLabel}: ${title}`}
            aria-pressed={isTable}
            onClick={onToggleTable}
          >
            {isTable ? <IconChartBar size={18} /> : <IconTable size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
      {hasDownloads && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Tooltip label={t('dashboards.view.download')}>
              <ActionIcon variant="subtle" aria-label={t('dashboards.view.downloadOf', { title })}>
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown>
            {imageFormats.map((format) => (
              <Menu.Item key={format} onClick={() => onImage(format)}>
                {t(`dashboards.view.downloadAs.${format}`)}
              </Menu.Item>
            ))}
            {tableFormats.map((format) => (
              <Menu.Item key={format} onClick={() => onTable(format)}>
                {t(`dashboards.view.downloadAs.${format}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </>
  );
}
