import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TWidget } from '@mip/shared';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetView } from '../view/DashboardView';
import { WidgetMessage } from '../view/WidgetMessage';
import type { TWidgetForm } from './widget-form';
import { previewWidget } from './widget-preview';

/** Typing waits this long before the preview redraws, so a title is not drawn letter by letter. */
const PREVIEW_DELAY_MS = 400;

/**
 * The widget as the dashboard will draw it, from the form's values as they
 * are now (see previewWidget for what it can show before the dashboard is saved).
 */
export function WidgetPreview({
  dashboardId,
  widget,
  saved,
}: {
  dashboardId: number | null;
  widget: TWidgetForm;
  /** The widget as last saved, when it was. */
  saved: TWidget | undefined;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [shown] = useDebouncedValue(widget, PREVIEW_DELAY_MS);
  const preview = useMemo(() => previewWidget(shown, saved), [shown, saved]);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="widget-preview">
      <Title order={3} size="h6" id={headingId}>
        {t('dashboards.preview.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('dashboards.preview.help')}
      </Text>
      {preview.kind === 'widget' ? (
        // Only a saved widget reads data, and only a saved dashboard has one: a new dashboard's titles need no id.
        <WidgetView dashboardId={dashboardId ?? 0} widget={preview.widget} />
      ) : (
        <Paper withBorder>
          <WidgetMessage>{t(`dashboards.preview.${preview.kind}`)}</WidgetMessage>
        </Paper>
      )}
    </Stack>
  );
}
