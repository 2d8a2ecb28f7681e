import { Box, Card, Stack, Title, Typography } from '@mantine/core';
import type { TWidgetOf } from './widget-types';

/** Spec 001 §3 "Title": a heading between groups of widgets. */
export function TitleWidget({ widget }: { widget: TWidgetOf<'Title'> }) {
  return (
    <Title order={3} size="h3" pt="xs">
      {widget.title}
    </Title>
  );
}

/** Spec 001 §3 "HTML": text the server has already cleaned, in a bordered box or on the page. */
export function HtmlWidget({ widget }: { widget: TWidgetOf<'HTML'> }) {
  const content = (
    <Stack gap="xs">
      {widget.title && (
        <Title order={3} size="h5">
          {widget.title}
        </Title>
      )}
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored */}
        <div dangerouslySetInnerHTML={{ __html: widget.html }} />
      </Typography>
    </Stack>
  );
  return widget.showBox ? (
    <Card withBorder padding="md" h="100%" data-testid="widget">
      {content}
    </Card>
  ) : (
    <Box data-testid="widget">{content}</Box>
  );
}
