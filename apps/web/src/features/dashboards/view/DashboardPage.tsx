import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppPath } from '../../../app/paths';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useDashboard } from '../useDashboards';
import { DashboardHeader } from './DashboardHeader';
import { DashboardView } from './DashboardView';

/** /dashboard/{id}: a dashboard in the console. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const dashboard = useDashboard(id);

  if (id !== null && dashboard.isPending) return <DelayedLoader />;
  if (!dashboard.data) {
    return (
      <Alert color="red" title={t('common.error')}>
        {t('dashboards.loadFailed')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <DashboardHeader dashboard={dashboard.data} editTo={appPath(`/dashboard/${dashboard.data.id}/edit`)} showBadges />
      <DashboardView dashboard={dashboard.data} />
    </Stack>
  );
}
