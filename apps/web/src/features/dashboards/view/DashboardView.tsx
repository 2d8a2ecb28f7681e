import { Grid } from '@mantine/core';
import type { TDashboard, TWidget } from '@mip/shared';
import { HtmlWidget, TitleWidget } from './ContentWidgets';
import { SourcedWidgetCard } from './SourcedWidgetCard';

/** One widget as the dashboard draws it; the editor's preview draws it the same way. */
export function WidgetView({ dashboardId, widget }: { dashboardId: number; widget: TWidget }) {
  switch (widget.name) {
    case 'Title':
      return <TitleWidget widget={widget} />;
    case 'HTML':
      return <HtmlWidget widget={widget} />;
    default:
      return <SourcedWidgetCard rows={{ kind: 'saved', dashboardId }} widget={widget} />;
  }
}

/**
 * Spec 001 §2 "Dashboard view": the widgets on a 12-column grid, each as wide
 * as its size for the screen (sm on phones, md from 992 px, lg from 1200 px).
 */
export function DashboardView({ dashboard }: { dashboard: TDashboard }) {
  return (
    <Grid gap="md" columns={12}>
      {dashboard.widgets.map((widget) => (
        <Grid.Col key={widget.id} span={{ base: widget.size.sm, md: widget.size.md, lg: widget.size.lg }}>
          <WidgetView dashboardId={dashboard.id} widget={widget} />
        </Grid.Col>
      ))}
    </Grid>
  );
}
