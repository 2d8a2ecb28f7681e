import { NumberInput, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { TABLE_WIDGET_DEFAULT_PAGE_SIZE } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { MONOSPACE_INPUT } from '../../../components/query-parameters/QueryTextField';
import { FlagSwitch } from './SettingFields';
import type { TWidgetEditor } from './widget-editor';

/** Spec 001 §3 "Table": rows per page and whether its rows may be downloaded. */
export function TableWidgetSettings({ editor }: { editor: TWidgetEditor }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NumberInput
        label={t('dashboards.widget.itemsPerPage')}
        placeholder={String(TABLE_WIDGET_DEFAULT_PAGE_SIZE)}
        min={1}
        max={100}
        allowDecimal={false}
        {...editor.form.getInputProps(`${editor.prefix}itemsPerPage`)}
      />
      <FlagSwitch editor={editor} field="allowExport" label={t('dashboards.widget.allowExport')} />
    </SimpleGrid>
  );
}

/** Spec 001 §3 "HTML": the content (cleaned by the server) and whether it sits in a box. */
export function HtmlWidgetSettings({ editor }: { editor: TWidgetEditor }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Textarea
        label={t('dashboards.widget.html')}
        description={t('dashboards.widget.htmlHelp')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autosize
        minRows={4}
        maxRows={16}
        spellCheck={false}
        styles={MONOSPACE_INPUT}
        {...editor.form.getInputProps(`${editor.prefix}html`)}
      />
      <FlagSwitch editor={editor} field="showBox" label={t('dashboards.widget.showBox')} />
    </Stack>
  );
}
