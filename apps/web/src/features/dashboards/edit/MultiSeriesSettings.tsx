import { ActionIcon, Button, Card, Group, Input, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MULTI_SERIES_TYPES } from '@mip/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ColourInput } from '../../../components/ColourInput';
import { ColourListInput } from './ColourListInput';
import { ColumnSelect, DirectionSelect, FlagSwitch, HeightInput } from './SettingFields';
import type { TWidgetEditor } from './widget-editor';
import { newSeriesForm } from './widget-form';

/**
 * Spec 001 §3 "Multi-series": the name column and the series. A simple series
 * sums one value column; a property series splits it by another column's
 * values. Series sharing a stack id are drawn stacked.
 */
export function MultiSeriesSettings({ editor }: { editor: TWidgetEditor }) {
  const { t } = useTranslation();
  const { form, prefix } = editor;
  const series = editor.widget.series ?? [];
  const listPath = `${prefix}series`;

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ColumnSelect editor={editor} field="nameKey" label={t('dashboards.widget.nameKey')} required />
        <DirectionSelect editor={editor} />
        <HeightInput editor={editor} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FlagSwitch editor={editor} field="showTooltip" label={t('dashboards.widget.showTooltip')} />
        <FlagSwitch editor={editor} field="showLegend" label={t('dashboards.widget.showLegend')} />
      </SimpleGrid>
      <Input.Wrapper label={t('dashboards.widget.series')} error={form.errors[listPath]} required>
        <Stack gap="xs" mt={4}>
          {series.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('dashboards.widget.noSeries')}
            </Text>
          )}
          {series.map((entry, index) => {
            const at = `${listPath}.${index}.`;
            const number = index + 1;
            return (
              <Card
                key={entry.key}
                withBorder
                padding="sm"
                role="group"
                aria-label={t('dashboards.widget.seriesNumber', { number })}
              >
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {t('dashboards.widget.seriesNumber', { number })}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('dashboards.widget.removeSeries', { number })}
                      onClick={() => form.removeListItem(listPath, index)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <Select
                      label={t('dashboards.widget.seriesType')}
                      required
                      allowDeselect={false}
                      data={MULTI_SERIES_TYPES.map((type) => ({
                        value: type,
                        label: t(`dashboards.seriesTypes.${type}`),
                      }))}
                      {...form.getInputProps(`${at}type`)}
                    />
                    <ColumnSelect
                      editor={editor}
                      field={`series.${index}.dataKey`}
                      label={t('dashboards.widget.dataKey')}
                      required
                    />
                    {entry.type === 'PROPERTY_AGGREGATOR' && (
                      <ColumnSelect
                        editor={editor}
                        field={`series.${index}.property`}
                        label={t('dashboards.widget.property')}
                        required
                      />
                    )}
                    <TextInput
                      label={t('dashboards.widget.stackId')}
                      description={t('dashboards.widget.stackIdHelp')}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      maxLength={63}
                      {...form.getInputProps(`${at}stackId`)}
                      value={entry.stackId ?? ''}
                    />
                    {entry.type === 'SIMPLE_AGGREGATOR' && (
                      <ColourInput
                        label={t('dashboards.widget.colour')}
                        {...form.getInputProps(`${at}color`)}
                        value={entry.color ?? ''}
                      />
                    )}
                  </SimpleGrid>
                  {entry.type === 'PROPERTY_AGGREGATOR' && <ColourListInput form={form} prefix={at} entry={entry} />}
                </Stack>
              </Card>
            );
          })}
          <Group>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem(listPath, newSeriesForm())}
            >
              {t('dashboards.widget.addSeries')}
            </Button>
          </Group>
        </Stack>
      </Input.Wrapper>
    </Stack>
  );
}
