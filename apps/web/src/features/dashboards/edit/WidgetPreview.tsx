import { Box, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CHART_DEFAULT_HEIGHT, type TWidgetConfig, type TWidgetSource } from '@mip/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { previewWidget as readPreview } from '../useDashboards';
import { HtmlWidget } from '../view/ContentWidgets';
import { WidgetView } from '../view/DashboardView';
import { SourcedWidgetCard } from '../view/SourcedWidgetCard';
import { WidgetMessage } from '../view/WidgetMessage';
import { widgetErrorHint } from '../view/widget-error';
import type { TWidgetForm } from './widget-form';
import { previewWidget } from './widget-preview';

/** Typing waits this long before the preview redraws, so a title is not drawn (nor read) letter by letter. */
const PREVIEW_DELAY_MS = 400;

/** A chart's card at its default height: its chart, and its title, status line and padding around it (about 107 px), with room to spare. */
const PREVIEW_MIN_HEIGHT = CHART_DEFAULT_HEIGHT + 120;

/** An HTML widget as the server cleans it when the dashboard is saved: what is typed is never drawn raw. */
function HtmlPreview({ dashboardId, config }: { dashboardId: number | null; config: TWidgetConfig }) {
  const { t } = useTranslation();
  const cleaned = useQuery({
    queryKey: ['dashboards', 'widget-preview', dashboardId, config],
    queryFn: () => readPreview(dashboardId, config, {}),
  });
  if (cleaned.isPending) return <Skeleton h={120} aria-label={t('common.loading')} />;
  if (cleaned.isError || cleaned.data.widget.name !== 'HTML') {
    return (
      <Paper withBorder>
        <WidgetMessage>
          {t('dashboards.preview.failed')} {widgetErrorHint(t, cleaned.error, true).hint}
        </WidgetMessage>
      </Paper>
    );
  }
  return <HtmlWidget widget={cleaned.data.widget} />;
}

/**
 * The widget as the dashboard will draw it, from the form's values as they
 * are now, saved or not: a chart or table on the rows the server reads for
 * the form's source and fixed values, HTML as the server cleans it.
 */
export function WidgetPreview({
  dashboardId,
  widget,
  sources,
}: {
  /** The dashboard being edited; null while it is being created. */
  dashboardId: number | null;
  widget: TWidgetForm;
  sources: readonly TWidgetSource[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [shown] = useDebouncedValue(widget, PREVIEW_DELAY_MS);
  const preview = useMemo(() => previewWidget(shown, sources), [shown, sources]);
  let body: ReactNode;
  switch (preview.kind) {
    case 'incomplete':
      body = (
        <Paper withBorder display="flex" style={{ alignItems: 'center', justifyContent: 'center' }}>
          <WidgetMessage>{t('dashboards.preview.incomplete')}</WidgetMessage>
        </Paper>
      );
      break;
    case 'widget':
      // Drawn from the form alone: no dashboard is read.
      body = <WidgetView dashboardId={dashboardId ?? 0} widget={preview.widget} />;
      break;
    case 'sourced':
      body = (
        <SourcedWidgetCard rows={{ kind: 'preview', dashboardId, config: preview.config }} widget={preview.widget} />
      );
      break;
    case 'html':
      body = <HtmlPreview dashboardId={dashboardId} config={preview.config} />;
      break;
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="widget-preview">
      <Title order={3} size="h6" id={headingId}>
        {t('dashboards.preview.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('dashboards.preview.help')}
      </Text>
      {/* As tall as a chart's card from the start: the settings below do not jump down under the person's
          pointer (or an open list) when a source is chosen and the chart comes. */}
      {/* A grid of one row that fills the height: the widget's card stretches to it rather than leave a gap. */}
      <Box mih={PREVIEW_MIN_HEIGHT} style={{ display: 'grid', gridTemplateRows: '1fr' }}>
        {body}
      </Box>
    </Stack>
  );
}
