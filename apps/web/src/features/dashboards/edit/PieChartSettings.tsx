import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColourListInput } from './ColourListInput';
import { ColumnSelect, FlagSwitch, RadiusSelect } from './SettingFields';
import type { TWidgetEditor } from './widget-editor';

/** Spec 001 §3 "Pie": the name and value columns, percentages, radii, tooltip, legend and colours. */
export function PieChartSettings({ editor }: { editor: TWidgetEditor }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ColumnSelect editor={editor} field="nameKey" label={t('dashboards.widget.nameKey')} required />
        <ColumnSelect editor={editor} field="dataKey" label={t('dashboards.widget.dataKey')} required />
        <RadiusSelect editor={editor} field="innerRadius" label={t('dashboards.widget.innerRadius')} />
        <RadiusSelect editor={editor} field="outerRadius" label={t('dashboards.widget.outerRadius')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FlagSwitch editor={editor} field="calcPercentage" label={t('dashboards.widget.calcPercentage')} />
        <FlagSwitch editor={editor} field="showTooltip" label={t('dashboards.widget.showTooltip')} />
        <FlagSwitch editor={editor} field="showLegend" label={t('dashboards.widget.showLegend')} />
      </SimpleGrid>
      <ColourListInput form={editor.form} prefix={editor.prefix} entry={editor.widget} />
    </Stack>
  );
}
