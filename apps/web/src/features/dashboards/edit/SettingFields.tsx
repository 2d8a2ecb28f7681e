import { NumberInput, Select, Switch } from '@mantine/core';
import { BAR_DIRECTIONS, VALUE_FORMATTERS } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import type { TWidgetEditor } from './widget-editor';

/** A column of the widget's source (the names or the values of a chart). */
export function ColumnSelect({
  editor,
  field,
  label,
  required,
}: {
  editor: TWidgetEditor;
  /** Path below the widget: `nameKey`, `series.0.dataKey`. */
  field: string;
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      required={required}
      clearable={!required}
      searchable
      data={editor.columns}
      nothingFoundMessage={t('dashboards.widget.noColumns')}
      {...editor.form.getInputProps(`${editor.prefix}${field}`)}
    />
  );
}

/** An on/off setting of the widget. */
export function FlagSwitch({ editor, field, label }: { editor: TWidgetEditor; field: string; label: string }) {
  return <Switch label={label} {...editor.form.getInputProps(`${editor.prefix}${field}`, { type: 'checkbox' })} />;
}

/** How a chart writes a number on an axis or a label. */
export function FormatterSelect({ editor, field, label }: { editor: TWidgetEditor; field: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      allowDeselect={false}
      data={VALUE_FORMATTERS.map((formatter) => ({ value: formatter, label: t(`dashboards.formatters.${formatter}`) }))}
      {...editor.form.getInputProps(`${editor.prefix}${field}`)}
    />
  );
}

/** Bars standing up (horizontal layout) or lying along the vertical axis. */
export function DirectionSelect({ editor }: { editor: TWidgetEditor }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('dashboards.widget.direction')}
      allowDeselect={false}
      data={BAR_DIRECTIONS.map((direction) => ({ value: direction, label: t(`dashboards.directions.${direction}`) }))}
      {...editor.form.getInputProps(`${editor.prefix}direction`)}
    />
  );
}

/** A chart's height in pixels; empty for the spec's default. */
export function HeightInput({ editor }: { editor: TWidgetEditor }) {
  const { t } = useTranslation();
  const props = editor.form.getInputProps(`${editor.prefix}height`);
  return (
    <NumberInput
      label={t('dashboards.widget.height')}
      description={t('dashboards.widget.heightHelp')}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      min={100}
      max={3000}
      step={50}
      allowDecimal={false}
      suffix=" px"
      {...props}
      value={props.value ?? ''}
    />
  );
}

const RADII = Array.from({ length: 11 }, (_, index) => String(index * 10));

/** A pie's inner or outer radius: 0% to 100% in steps of 10% (spec 001 §3). */
export function RadiusSelect({ editor, field, label }: { editor: TWidgetEditor; field: string; label: string }) {
  const props = editor.form.getInputProps(`${editor.prefix}${field}`);
  return (
    <Select
      label={label}
      required
      data={RADII.map((radius) => ({ value: radius, label: `${radius}%` }))}
      error={props.error}
      value={typeof props.value === 'number' ? String(props.value) : null}
      onChange={(value) => editor.form.setFieldValue(`${editor.prefix}${field}`, value === null ? null : Number(value))}
    />
  );
}
