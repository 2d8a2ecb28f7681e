import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TDashboard } from '@mip/shared';
import { DASHBOARD_STATUSES, ZDashboardInput } from '@mip/shared';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../../api/client';
import { useAppPath } from '../../../app/paths';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { FormActions } from '../../../components/forms/FormActions';
import { RecordLoadFailure } from '../../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../../components/forms/useRecordForm';
import { TitledSection } from '../../../components/TitledSection';
import { validateWithSchema } from '../../auth/zod-form';
import { useDataSourceList } from '../../data-sources/useDataSources';
import { deleteDashboard, saveDashboard } from '../useDashboards';
import {
  EMPTY_DASHBOARD,
  nameRestrictions,
  type TDashboardFormValues,
  type TEditedDashboard,
  toDashboardFormValues,
  toDashboardInput,
} from './dashboard-form';
import { RestrictionFields } from './RestrictionFields';
import { WidgetListEditor } from './WidgetListEditor';

/** The dashboard with the names of what it is restricted to. */
function useEditedDashboard(id: number | null) {
  return useQuery({
    queryKey: ['dashboards', id, 'edit'],
    queryFn: async (): Promise<TEditedDashboard> => {
      const dashboard = await api.get<TDashboard>(`dashboards/${id}`);
      return {
        id: dashboard.id,
        name: dashboard.name,
        dashboard,
        restrictions: await nameRestrictions(dashboard.restrictions),
      };
    },
    enabled: id !== null,
  });
}

/** Create (/dashboard/create) or edit (/dashboard/{id}/edit) a dashboard and its widgets. */
export default function DashboardFormPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const edited = useEditedDashboard(id);
  const sources = useDataSourceList();

  const form = useForm<TDashboardFormValues>({
    initialValues: EMPTY_DASHBOARD,
    validate: (values) => validateWithSchema(t, ZDashboardInput, toDashboardInput(values), 'dashboards'),
  });
  const { saving, handleSubmit, handleDelete, handleCancel } = useRecordForm({
    id,
    record: edited.data,
    form,
    toFormValues: toDashboardFormValues,
    save: async (values) => {
      const saved = await saveDashboard(id, toDashboardInput(values));
      return { id: saved.id, name: saved.name, dashboard: saved, restrictions: values.restrictions };
    },
    remove: deleteDashboard,
    queryKey: ['dashboards'],
    texts: { created: 'dashboards.created', updated: 'dashboards.updated' },
    // Saving is done editing: back to the dashboard, as it now looks.
    paths: {
      list: '/dashboards',
      record: (recordId) => `/dashboard/${recordId}/edit`,
      saved: (recordId) => `/dashboard/${recordId}`,
    },
    errorScope: 'dashboards',
    // A dashboard goes with all its widgets and its public address: nothing brings them back.
    isNameTypedToDelete: true,
  });

  if (id !== null && edited.isPending) return <DelayedLoader />;
  if (id !== null && edited.isError)
    return <RecordLoadFailure query={edited} notFoundText={t('dashboards.loadFailed')} />;

  return (
    <Stack gap="lg" maw={1100}>
      {id !== null && (
        <Group justify="flex-end">
          <Button
            component={Link}
            to={appPath(`/dashboard/${id}`)}
            variant="default"
            leftSection={<IconEye size={16} />}
          >
            {t('dashboards.open')}
          </Button>
        </Group>
      )}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TitledSection id="dashboard-identification" title={t('dashboards.sections.dashboard')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('dashboards.fields.name')} required maxLength={200} {...form.getInputProps('name')} />
              <Select
                label={t('dashboards.fields.status')}
                required
                allowDeselect={false}
                data={DASHBOARD_STATUSES.map((status) => ({
                  value: status,
                  label: t(`dashboards.statuses.${status}`),
                }))}
                {...form.getInputProps('status')}
              />
            </SimpleGrid>
            <Textarea
              label={t('dashboards.fields.description')}
              autosize
              minRows={2}
              maxRows={5}
              maxLength={2000}
              {...form.getInputProps('description')}
            />
            <Switch
              label={t('dashboards.fields.isPublic')}
              description={t('dashboards.help.isPublic')}
              {...form.getInputProps('isPublic', { type: 'checkbox' })}
            />
          </TitledSection>

          <TitledSection id="dashboard-restrictions" title={t('dashboards.sections.restrictions')}>
            <RestrictionFields form={form} />
          </TitledSection>

          <TitledSection id="dashboard-widgets" title={t('dashboards.sections.widgets')}>
            {sources.isError && <Alert color="red">{t('dashboards.sourcesFailed')}</Alert>}
            <WidgetListEditor form={form} sources={sources.data ?? []} dashboardId={id} />
          </TitledSection>

          <FormActions
            submitLabel={id === null ? t('dashboards.createDashboard') : t('common.save')}
            isSaving={saving.isPending}
            onCancel={handleCancel}
            onDelete={handleDelete}
          />
        </Stack>
      </form>
    </Stack>
  );
}
