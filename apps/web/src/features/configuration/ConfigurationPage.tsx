import { Button, Card, Checkbox, ColorInput, Group, Select, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CONFIGURATION_CATALOG,
  isValidColour,
  type TConfigurationEntry,
  type TConfigurationPair,
  type TCountry,
} from '@mip/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { DelayedLoader } from '../../components/DelayedLoader';
import { refuseInvalidForm } from '../../components/form-error';
import { notify } from '../../components/notify';
import { showServerError } from '../../components/server-errors';
import { BoundariesCard } from './BoundariesCard';
import { isJsonText, toInputValue, toStoredValue } from './configuration-values';
import { InformationEditor } from './InformationEditor';
import { MapViewPicker } from './MapViewPicker';
import { isMapViewSetting, MAP_VIEW_SETTINGS } from './map-view-values';

/** What this form's messages are about: its successful save replaces its refusal and its failed save. */
const SAVE = 'save:configuration';

type TValues = Record<string, unknown>;
const fieldName = (name: string) => name.replace(/\./g, '_');

/** Platform settings with an input fit for each kind, and the general announcement. */
export default function ConfigurationPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const pairs = useQuery({
    queryKey: ['configuration', 'all'],
    queryFn: () => api.get<TConfigurationPair[]>('configuration/list'),
  });
  const countries = useQuery({ queryKey: ['countries'], queryFn: () => api.get<TCountry[]>('address/countries') });

  const form = useForm<TValues>({
    initialValues: {},
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const entry of CONFIGURATION_CATALOG) {
        const value = values[fieldName(entry.name)];
        if (entry.kind === 'COLOUR' && !(typeof value === 'string' && isValidColour(value))) {
          errors[fieldName(entry.name)] = t('errors.INVALID_COLOUR');
        }
        if ((entry.kind === 'TEXT' || entry.kind === 'EMAIL') && !String(value ?? '').trim()) {
          errors[fieldName(entry.name)] = t('errors.MISSING_VALUE');
        }
        if (entry.kind === 'JSON' && !isJsonText(value)) errors[fieldName(entry.name)] = t('errors.INVALID_VALUE');
      }
      return errors;
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the forms are reset only when fresh data arrives
  useEffect(() => {
    if (!pairs.data) return;
    const byName = new Map(pairs.data.map((pair) => [pair.name, pair.value]));
    const values: TValues = {};
    for (const entry of CONFIGURATION_CATALOG) {
      values[fieldName(entry.name)] = toInputValue(entry, byName.get(entry.name) ?? entry.defaultValue);
    }
    form.setInitialValues(values);
    form.setValues(values);
  }, [pairs.data]);

  const saveSettings = useMutation({
    mutationFn: (values: TValues) =>
      api.put('configuration/', {
        pairs: CONFIGURATION_CATALOG.map((entry) => ({
          name: entry.name,
          value: toStoredValue(entry, values[fieldName(entry.name)]),
        })),
      }),
    onSuccess: async () => {
      notify({ kind: 'success', title: t('common.success'), message: t('configuration.saved'), about: SAVE });
      await queryClient.invalidateQueries({ queryKey: ['app-configuration'] });
      await pairs.refetch();
    },
    onError: (error) =>
      showServerError(
        t,
        error,
        (errors) => {
          // Server errors name pairs[i].value; map them back to the field of that setting.
          const mapped: Record<string, string> = {};
          for (const [path, message] of Object.entries(errors)) {
            const index = Number(/^pairs\.(\d+)/.exec(path)?.[1]);
            const entry = CONFIGURATION_CATALOG[index];
            if (entry) mapped[fieldName(entry.name)] = message;
          }
          form.setErrors(mapped);
        },
        undefined,
        SAVE,
      ),
  });
  if (pairs.isPending || countries.isPending) return <DelayedLoader />;
  const countryName = (country: TCountry) => (i18n.language === 'pt-PT' ? country.namePt : country.nameEn);

  const renderInput = (entry: TConfigurationEntry) => {
    const name = fieldName(entry.name);
    const label = t(`configuration.fields.${name}.label`);
    const description = t(`configuration.fields.${name}.help`);
    // The map's centre, zoom and bounds are picked together on one map, where the centre would be.
    if (isMapViewSetting(entry.name)) {
      return entry.name === MAP_VIEW_SETTINGS.center ? (
        <MapViewPicker
          key="map-view"
          read={(setting) => String(form.values[fieldName(MAP_VIEW_SETTINGS[setting])] ?? '')}
          write={(setting, text) => form.setFieldValue(fieldName(MAP_VIEW_SETTINGS[setting]), text)}
        />
      ) : null;
    }
    switch (entry.kind) {
      case 'BOOLEAN':
        return (
          <Switch
            key={name}
            label={label}
            description={description}
            {...form.getInputProps(name, { type: 'checkbox' })}
          />
        );
      case 'COLOUR':
        return (
          <ColorInput
            key={name}
            label={label}
            description={description}
            format="hex"
            fixOnBlur={false}
            withEyeDropper={false}
            {...form.getInputProps(name)}
          />
        );
      case 'COUNTRY':
        return (
          <Select
            key={name}
            label={label}
            description={description}
            searchable
            data={(countries.data ?? []).map((country) => ({ value: country.id, label: countryName(country) }))}
            {...form.getInputProps(name)}
          />
        );
      case 'SYSTEMS':
        return (
          <Checkbox.Group key={name} label={label} description={description} {...form.getInputProps(name)}>
            <Group mt="xs">
              <Checkbox value="EVENT" label={t('configuration.systems.EVENT')} />
              <Checkbox value="FUTURE_EVENT" label={t('configuration.systems.FUTURE_EVENT')} />
            </Group>
          </Checkbox.Group>
        );
      default:
        return (
          <TextInput
            key={name}
            label={label}
            description={description}
            type={entry.kind === 'EMAIL' ? 'email' : entry.kind === 'URL' ? 'url' : 'text'}
            {...form.getInputProps(name)}
          />
        );
    }
  };

  return (
    <Stack gap="lg" maw={820}>
      <Card withBorder padding="lg" component="section">
        <form onSubmit={form.onSubmit((values) => saveSettings.mutate(values), refuseInvalidForm(t, SAVE))} noValidate>
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('configuration.settingsTitle')}
            </Title>
            {CONFIGURATION_CATALOG.map(renderInput)}
            <Group>
              <Button type="submit" loading={saveSettings.isPending} disabled={!form.isDirty()}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <BoundariesCard />
      <InformationEditor
        type="GENERAL_ANNOUNCEMENT"
        texts={{
          title: 'configuration.announcementTitle',
          help: 'configuration.announcementHelp',
          field: 'configuration.announcement',
          publish: 'configuration.publishAnnouncement',
          saved: 'configuration.announcementSaved',
        }}
      />
      <InformationEditor
        type="DASHBOARD_HIGHLIGHTS"
        texts={{
          title: 'configuration.highlightsTitle',
          help: 'configuration.highlightsHelp',
          field: 'configuration.highlights',
          publish: 'configuration.publishHighlights',
          saved: 'configuration.highlightsSaved',
        }}
      />
    </Stack>
  );
}
