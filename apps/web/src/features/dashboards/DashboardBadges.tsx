import { Badge } from '@mantine/core';
import type { TDashboardStatus } from '@mip/shared';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<TDashboardStatus, string> = { ACTIVE: 'teal', INACTIVE: 'gray', REVISION: 'yellow' };

/** A dashboard's status in words beside a coloured dot (colour is never the only sign). */
export function DashboardStatusBadge({ status }: { status: TDashboardStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={STATUS_COLOURS[status]} tt="none" size="md" miw="max-content">
      {t(`dashboards.statuses.${status}`)}
    </Badge>
  );
}

/** Whether visitors may open it without signing in. */
export function DashboardPublicBadge({ isPublic }: { isPublic: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={isPublic ? 'blue' : 'gray'} tt="none" size="md" miw="max-content">
      {t(isPublic ? 'dashboards.public' : 'dashboards.private')}
    </Badge>
  );
}
