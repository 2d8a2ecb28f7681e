import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { TDashboardRestrictions } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { RemoteMultiSelect } from '../../../components/select/RemoteMultiSelect';
import { RESTRICTION_SEARCHES } from './dashboard-form';
import type { TDashboardForm } from './widget-editor';

const KEYS: (keyof TDashboardRestrictions)[] = ['profileIds', 'roleIds', 'entityIds'];

/** Spec 001 §6: who besides its managers may see the dashboard, by entity profile, role and entity. */
export function RestrictionFields({ form }: { form: TDashboardForm }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('dashboards.help.restrictions')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {KEYS.map((key) => {
          const path = `restrictions.${key}` as const;
          const error = Object.entries(form.errors).find(([errorPath]) => errorPath.startsWith(path))?.[1];
          return (
            <RemoteMultiSelect
              key={key}
              label={t(`dashboards.restrictions.${key}`)}
              placeholder={t('dashboards.restrictions.anyone')}
              queryKey={['dashboards', 'restrictions', key]}
              search={(text) => RESTRICTION_SEARCHES[key](text)}
              value={form.values.restrictions[key]}
              onChange={(options) => form.setFieldValue(path, options)}
              error={error}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
