import { Alert, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../components/DelayedLoader';
import { useDashboard } from '../dashboards/useDashboards';
import { DashboardView } from '../dashboards/view/DashboardView';

/** Spec 001 §2 system card "a dashboard modal": the system's dashboard over the map, whole screen on a phone. */
export default function SystemDashboardModal({ dashboardId, onClose }: { dashboardId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 991px)');
  const dashboard = useDashboard(dashboardId);
  let content = <DelayedLoader />;
  if (dashboard.data) content = <DashboardView dashboard={dashboard.data} />;
  else if (!dashboard.isPending) {
    content = (
      <Alert color="red" title={t('common.error')}>
        {t('dashboards.loadFailed')}
      </Alert>
    );
  }
  return (
    <Modal
      opened
      onClose={onClose}
      title={dashboard.data?.name ?? t('map.card.dashboard')}
      size="90%"
      fullScreen={isPhone}
      centered
    >
      {content}
    </Modal>
  );
}
