import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { REPORT_FORMATS, type TReportFormat } from '@mip/shared';
import { useTranslation } from 'react-i18next';

/** The file a report is written as: CSV, XLSX or PDF, side by side. */
export function ReportFormatField({
  value,
  onChange,
}: {
  value: TReportFormat;
  onChange: (format: TReportFormat) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {t('reports.fields.format')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        data={REPORT_FORMATS.map((format) => ({ value: format, label: t(`reports.formats.${format}`) }))}
        value={value}
        onChange={(format) => onChange(format as TReportFormat)}
        style={{ alignSelf: 'flex-start' }}
      />
    </Stack>
  );
}
