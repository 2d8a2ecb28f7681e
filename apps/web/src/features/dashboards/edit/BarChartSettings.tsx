import { NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { BAR_DEFAULT_SIZE } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { ColourListInput } from './ColourListInput';
import { ColumnSelect, DirectionSelect, FlagSwitch, FormatterSelect, HeightInput } from './SettingFields';
import type { TWidgetEditor } from './widget-editor';

/** Spec 001 §3 "Bar": columns, direction, bar size, axes, legend, tooltip, height, number formats and colours. */
export function BarChartSettings({ editor }: { editor: TWidgetEditor }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ColumnSelect editor={editor} field="nameKey" label={t('dashboards.widget.nameKey')} required />
        <ColumnSelect editor={editor} field="dataKey" label={t('dashboards.widget.dataKey')} required />
        <DirectionSelect editor={editor} />
        <NumberInput
          label={t('dashboards.widget.barSize')}
          placeholder={String(BAR_DEFAULT_SIZE)}
          min={1}
          max={500}
          allowDecimal={false}
          suffix=" px"
          {...editor.form.getInputProps(`${editor.prefix}barSize`)}
        />
        <HeightInput editor={editor} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FormatterSelect editor={editor} field="xTickFormatter" label={t('dashboards.widget.xTickFormatter')} />
        <FormatterSelect editor={editor} field="yTickFormatter" label={t('dashboards.widget.yTickFormatter')} />
        <FormatterSelect editor={editor} field="labelFormatter" label={t('dashboards.widget.labelFormatter')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <FlagSwitch editor={editor} field="showAxis" label={t('dashboards.widget.showAxis')} />
        <FlagSwitch editor={editor} field="showVerticalAxis" label={t('dashboards.widget.showVerticalAxis')} />
        <FlagSwitch editor={editor} field="showTooltip" label={t('dashboards.widget.showTooltip')} />
        <FlagSwitch editor={editor} field="showLegend" label={t('dashboards.widget.showLegend')} />
      </SimpleGrid>
      <ColourListInput form={editor.form} prefix={editor.prefix} entry={editor.widget} />
    </Stack>
  );
}
