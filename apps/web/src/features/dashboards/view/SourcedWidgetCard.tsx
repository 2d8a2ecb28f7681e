import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  CHART_DEFAULT_HEIGHT,
  CHART_TABLE_PAGE_SIZE,
  TABLE_EXPORT_FORMATS,
  type TParameterValues,
  type TQueryResult,
  type TTableExportFormat,
  type TWidget,
} from '@mip/shared';
import { IconFilter } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { notify } from '../../../components/notify';
import {
  givenParameterValues,
  initialParameterValues,
  openParameters,
  parameterValueErrors,
} from '../../../components/query-parameters/parameter-values';
import { QueryResultTable } from '../../../components/query-result/QueryResultTable';
import { errorText } from '../../../components/server-errors';
import { exportWidgetData, type TWidgetRows, useWidgetData } from '../useDashboards';
import { BarChartView } from './BarChartView';
import { chartFileName, exportChartPng, exportChartSvg } from './chart-export';
import { MultiSeriesBarChartView } from './MultiSeriesBarChartView';
import { PieChartView } from './PieChartView';
import { type TChartImageFormat, WidgetActions } from './WidgetActions';
import { WidgetFilterModal } from './WidgetFilterModal';
import { WidgetMessage } from './WidgetMessage';
import { refusedValues, widgetErrorHint } from './widget-error';

const IMAGE_FORMATS: TChartImageFormat[] = ['PNG', 'SVG'];

function WidgetContent({
  widget,
  result,
  isTable,
  hasFilters,
  chartRef,
}: {
  widget: TWidget;
  result: TQueryResult;
  isTable: boolean;
  hasFilters: boolean;
  chartRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  if (widget.name === 'TableWidget') {
    return (
      <QueryResultTable
        result={result}
        pageSize={widget.itemsPerPage}
        caption={widget.title}
        emptyText={t(hasFilters ? 'dashboards.view.noResults' : 'dashboards.view.noData')}
      />
    );
  }
  if (result.rows.length === 0) return <WidgetMessage>{t('dashboards.view.noData')}</WidgetMessage>;
  if (isTable) {
    return (
      <QueryResultTable
        result={result}
        pageSize={CHART_TABLE_PAGE_SIZE}
        caption={widget.title}
        emptyText={t('dashboards.view.noData')}
      />
    );
  }
  switch (widget.name) {
    case 'PieChart':
      return <PieChartView ref={chartRef} widget={widget} result={result} />;
    case 'SimpleBarChart':
      return <BarChartView ref={chartRef} widget={widget} result={result} />;
    case 'MultiSeriesBarChart':
      return <MultiSeriesBarChartView ref={chartRef} widget={widget} result={result} />;
    default:
      return null;
  }
}

/**
 * A widget drawn from its source (a chart or a table): its data for the
 * values in force, a filter button when the source has parameters the widget
 * leaves open, the table view and downloads it allows, and the spec's
 * messages when it cannot load or has nothing to show.
 */
export function SourcedWidgetCard({ rows, widget }: { rows: TWidgetRows; widget: TWidget }) {
  const { t } = useTranslation();
  const headingId = useId();
  const chartRef = useRef<HTMLDivElement>(null);
  const open = openParameters(widget.source?.parameters ?? [], widget.sourceConfig.parameters);
  const [values, setValues] = useState<TParameterValues>(() => initialParameterValues(open));
  const [isFiltering, setIsFiltering] = useState(false);
  const [isTable, setIsTable] = useState(false);
  const isMissingValues = Object.keys(parameterValueErrors(open, values)).length > 0;
  const given = givenParameterValues(open, values);
  const data = useWidgetData(rows, widget.id, given, widget.source !== null && !isMissingValues);
  const refused = useMemo(() => refusedValues(data.error), [data.error]);
  const isChart = widget.name !== 'TableWidget';

  const handleImage = async (format: TChartImageFormat) => {
    if (!chartRef.current) return;
    try {
      if (format === 'SVG') exportChartSvg(chartRef.current, widget.title);
      else await exportChartPng(chartRef.current, widget.title);
    } catch {
      notify({ kind: 'error', title: t('common.error'), message: t('dashboards.view.downloadFailed') });
    }
  };
  const handleTable = async (format: TTableExportFormat) => {
    if (rows.kind !== 'saved') return;
    try {
      await exportWidgetData(rows.dashboardId, widget.id, given, format, chartFileName(widget.title));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
      notify({ kind: 'error', title: t('dashboards.view.downloadFailed'), message: errorText(t, code) });
    }
  };

  // Only a saved widget's rows are exported: the file is read again on the server, from the widget as stored.
  const canExportTable =
    rows.kind === 'saved' && (widget.name === 'TableWidget' ? widget.allowExport : widget.allowExportTable);
  const hasChart = isChart && !isTable && Boolean(data.data?.rows.length);

  let body: ReactNode;
  if (!widget.source) {
    body = <WidgetError />;
  } else if (isMissingValues) {
    body = (
      <WidgetMessage
        action={
          <Button variant="light" size="xs" leftSection={<IconFilter size={14} />} onClick={() => setIsFiltering(true)}>
            {t('dashboards.view.chooseFilters')}
          </Button>
        }
      >
        {t('dashboards.view.needsFilters')}
      </WidgetMessage>
    );
  } else if (data.isPending) {
    body = <Skeleton h={CHART_DEFAULT_HEIGHT} aria-label={t('common.loading')} />;
  } else if (data.isError) {
    const { hint, canRetry } = widgetErrorHint(t, data.error, rows.kind === 'preview');
    body = <WidgetError hint={hint} onRetry={canRetry ? () => void data.refetch() : undefined} />;
  } else {
    body = (
      <WidgetContent
        widget={widget}
        result={data.data}
        isTable={isTable}
        hasFilters={Object.keys(given).length > 0 || Object.keys(widget.sourceConfig.parameters).length > 0}
        chartRef={chartRef}
      />
    );
  }

  return (
    <Card withBorder padding="md" h="100%" component="section" aria-labelledby={headingId} data-testid="widget">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {widget.title}
          </Title>
          <Group gap={2} wrap="nowrap">
            <WidgetActions
              title={widget.title}
              filterCount={open.length > 0 ? Object.keys(given).length : undefined}
              onFilters={() => setIsFiltering(true)}
              isTable={isTable}
              onToggleTable={isChart && widget.allowTable ? () => setIsTable((shown) => !shown) : undefined}
              imageFormats={hasChart && widget.allowExportChart ? IMAGE_FORMATS : []}
              onImage={(format) => void handleImage(format)}
              tableFormats={canExportTable && data.isSuccess ? [...TABLE_EXPORT_FORMATS] : []}
              onTable={(format) => void handleTable(format)}
            />
          </Group>
        </Group>
        {rows.kind === 'preview' && (
          // The editor's preview keeps the last rows on screen while it reads the form's new ones, and says so.
          // The line is always there, empty between readings, so the chart does not move at each one (and the
          // form below it, under the person's pointer); a status region present from the start is also what
          // screen readers announce a change of.
          <Text size="xs" c="dimmed" role="status" mih="1.5em">
            {data.isPlaceholderData ? t('dashboards.preview.updating') : ''}
          </Text>
        )}
        {data.data?.truncated && (
          <Text size="xs" c="dimmed">
            {t('dashboards.view.truncated')}
          </Text>
        )}
        {body}
      </Stack>
      {open.length > 0 && (
        <WidgetFilterModal
          opened={isFiltering}
          title={widget.title}
          definitions={open}
          values={values}
          serverErrors={refused}
          onClose={() => setIsFiltering(false)}
          onApply={(next) => {
            setValues(next);
            setIsFiltering(false);
          }}
        />
      )}
    </Card>
  );
}

/** Spec 001 §8: 'Erro!!' / 'Não foi possível carregar este widget...'. */
function WidgetError({ hint, onRetry }: { hint?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('dashboards.view.widgetErrorTitle')}>
      {t('dashboards.view.widgetError')}
      {hint && (
        <Text size="sm" mt={4}>
          {hint}
        </Text>
      )}
      {onRetry && (
        <Button variant="light" color="red" size="xs" mt="xs" onClick={onRetry}>
          {t('dashboards.view.retry')}
        </Button>
      )}
    </Alert>
  );
}
