import { Input, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  CHART_WIDGET_TYPES,
  isSourcedWidget,
  type TParameterValue,
  type TWidgetSource,
  WIDGET_SIZES,
} from '@mip/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ParameterFields } from '../../../components/query-parameters/ParameterFields';
import { BarChartSettings } from './BarChartSettings';
import { HtmlWidgetSettings, TableWidgetSettings } from './ContentWidgetSettings';
import { MultiSeriesSettings } from './MultiSeriesSettings';
import { PieChartSettings } from './PieChartSettings';
import { FlagSwitch } from './SettingFields';
import type { TDashboardForm, TWidgetEditor } from './widget-editor';
import type { TWidgetForm } from './widget-form';

const BREAKPOINTS = ['lg', 'md', 'sm'] as const;

function TypeSettings({ editor }: { editor: TWidgetEditor }): ReactNode {
  switch (editor.widget.name) {
    case 'PieChart':
      return <PieChartSettings editor={editor} />;
    case 'SimpleBarChart':
      return <BarChartSettings editor={editor} />;
    case 'MultiSeriesBarChart':
      return <MultiSeriesSettings editor={editor} />;
    case 'TableWidget':
      return <TableWidgetSettings editor={editor} />;
    case 'HTML':
      return <HtmlWidgetSettings editor={editor} />;
    case 'Title':
      return null;
  }
}

/** Columns out of 12 the widget spans on large, medium and small screens. */
function SizeFields({ form, prefix }: { form: TDashboardForm; prefix: string }) {
  const { t } = useTranslation();
  const options = WIDGET_SIZES.map((size) => ({ value: String(size), label: t(`dashboards.sizes.${size}`) }));
  return (
    <Input.Wrapper label={t('dashboards.widget.size')} error={form.errors[`${prefix}size`]}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt={4}>
        {BREAKPOINTS.map((breakpoint) => {
          const path = `${prefix}size.${breakpoint}`;
          const value = form.getInputProps(path);
          return (
            <Select
              key={breakpoint}
              label={t(`dashboards.breakpoints.${breakpoint}`)}
              allowDeselect={false}
              data={options}
              error={value.error}
              value={value.value === undefined || value.value === null ? null : String(value.value)}
              onChange={(size) => form.setFieldValue(path, size === null ? null : Number(size))}
            />
          );
        })}
      </SimpleGrid>
    </Input.Wrapper>
  );
}

/**
 * Everything about one widget: its title and size, its source with the
 * parameter values it fixes, what viewers may do with it, and the settings of
 * its type.
 */
export function WidgetSettings({
  form,
  index,
  widget,
  sources,
}: {
  form: TDashboardForm;
  index: number;
  widget: TWidgetForm;
  sources: TWidgetSource[];
}) {
  const { t } = useTranslation();
  const prefix = `widgets.${index}.`;
  const source = sources.find((candidate) => candidate.id === widget.sourceId) ?? null;
  const editor: TWidgetEditor = { form, prefix, widget, columns: source?.queryColumns ?? [] };
  const isSourced = isSourcedWidget(widget.name);
  const isChart = (CHART_WIDGET_TYPES as readonly string[]).includes(widget.name);
  const fixedErrors = Object.fromEntries(
    (source?.parameters ?? []).map((parameter) => [
      parameter.variableName,
      form.errors[`${prefix}sourceConfig.parameters.${parameter.variableName}`] as string | undefined,
    ]),
  );

  const handleSource = (id: string | null) => {
    form.setFieldValue(`${prefix}sourceId`, id === null ? null : Number(id));
    // Values fixed for another source's parameters mean nothing to this one.
    form.setFieldValue(`${prefix}sourceConfig.parameters`, {});
  };
  const handleFixedValue = (name: string, value: TParameterValue) =>
    form.setFieldValue(`${prefix}sourceConfig.parameters`, { ...widget.sourceConfig?.parameters, [name]: value });

  return (
    <Stack gap="md">
      <TextInput
        label={t(widget.name === 'Title' ? 'dashboards.widget.titleText' : 'dashboards.widget.title')}
        required={widget.name !== 'HTML'}
        maxLength={300}
        {...form.getInputProps(`${prefix}title`)}
      />
      <SizeFields form={form} prefix={prefix} />
      {isSourced && (
        <Stack gap="sm">
          <Select
            label={t('dashboards.widget.source')}
            required
            searchable
            data={sources.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
            nothingFoundMessage={t('table.noResults')}
            error={form.errors[`${prefix}sourceId`]}
            value={widget.sourceId === null || widget.sourceId === undefined ? null : String(widget.sourceId)}
            onChange={handleSource}
          />
          {source && source.parameters.length > 0 && (
            <Input.Wrapper
              label={t('dashboards.widget.fixedParameters')}
              description={t('dashboards.widget.fixedParametersHelp')}
              inputWrapperOrder={['label', 'description', 'input', 'error']}
            >
              <Stack mt="xs">
                <ParameterFields
                  // Fixing a value is a choice here: the viewer answers for the rest.
                  definitions={source.parameters.map((parameter) => ({ ...parameter, mandatory: false }))}
                  values={widget.sourceConfig?.parameters ?? {}}
                  errors={fixedErrors}
                  onChange={handleFixedValue}
                />
              </Stack>
            </Input.Wrapper>
          )}
          {!source && widget.sourceId && (
            <Text size="sm" c="dimmed">
              {t('dashboards.widget.sourceUnavailable')}
            </Text>
          )}
        </Stack>
      )}
      {isChart && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FlagSwitch editor={editor} field="allowTable" label={t('dashboards.widget.allowTable')} />
          <FlagSwitch editor={editor} field="allowExportChart" label={t('dashboards.widget.allowExportChart')} />
          <FlagSwitch editor={editor} field="allowExportTable" label={t('dashboards.widget.allowExportTable')} />
        </SimpleGrid>
      )}
      <TypeSettings editor={editor} />
    </Stack>
  );
}
