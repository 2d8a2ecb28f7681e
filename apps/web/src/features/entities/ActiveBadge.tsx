import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/display';

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <StatusBadge label={t(active ? 'entities.status.ACTIVE' : 'entities.status.INACTIVE')} isPositive={active} />;
}
