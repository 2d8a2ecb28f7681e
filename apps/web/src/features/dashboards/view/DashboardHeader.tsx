import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TDashboard } from '@mip/shared';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DashboardPublicBadge, DashboardStatusBadge } from '../DashboardBadges';

/** The dashboard's name and description; for staff also its status and an edit button when they may edit it. */
export function DashboardHeader({
  dashboard,
  editTo,
  showBadges,
  headingOrder = 2,
}: {
  dashboard: TDashboard;
  /** Where the edit button goes; no button when undefined. */
  editTo?: string;
  showBadges: boolean;
  /** 1 where the name is the page's main heading (the public page has no console title above it). */
  headingOrder?: 1 | 2;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={4} miw={0} style={{ flex: '1 1 320px' }}>
        <Title order={headingOrder} size="h2">
          {dashboard.name}
        </Title>
        {dashboard.description && <Text c="dimmed">{dashboard.description}</Text>}
        {showBadges && (
          <Group gap="xs">
            <DashboardStatusBadge status={dashboard.status} />
            <DashboardPublicBadge isPublic={dashboard.isPublic} />
          </Group>
        )}
      </Stack>
      {editTo && dashboard.editable && (
        <Button component={Link} to={editTo} variant="default" leftSection={<IconPencil size={16} />}>
          {t('dashboards.edit')}
        </Button>
      )}
    </Group>
  );
}
