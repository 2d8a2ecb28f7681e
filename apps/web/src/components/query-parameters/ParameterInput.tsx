import { Checkbox, NumberInput, Select, Switch, TagsInput, TextInput } from '@mantine/core';
import type { TParameterValue, TQueryParameterDefinition } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../dates/DateInput';
import { dayOfDateValue } from '../dates/date-value';
import { ParameterOptionSelect } from './ParameterOptionSelect';
import { isListedType, toNumericParameter } from './parameter-values';

/** Date parameters are whole days in UTC (spec 001 §5), so the field reads and writes them there. */
const DATE_PARAMETER_ZONE = 'UTC';
const INTEGER = /^-?\d+$/;

type TDefinition = Pick<TQueryParameterDefinition, 'variableName' | 'type' | 'label' | 'mandatory' | 'multiple'>;

/**
 * The field for one query parameter's value, by its type (spec 001 §3
 * "Report parameter types", §5 "Report filters"): text, a whole number, a
 * past day, yes or no, an on/off condition, or records and codes picked by
 * name; a list of them when the parameter takes several values. It gives the
 * value as the API takes it.
 */
export function ParameterInput({
  definition,
  value,
  onChange,
  error,
}: {
  definition: TDefinition;
  value: TParameterValue | undefined;
  onChange: (value: TParameterValue) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const { type, label, mandatory, multiple } = definition;
  const field = { label, error, required: mandatory };

  if (isListedType(type)) {
    return <ParameterOptionSelect {...field} type={type} multiple={multiple} value={value} onChange={onChange} />;
  }
  if (type === 'OPTIONAL') {
    return (
      <Checkbox
        label={label}
        error={error}
        checked={value === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    );
  }
  if (type === 'BOOLEAN') {
    // A mandatory yes/no is a switch; an optional one may also be left unanswered.
    if (mandatory) {
      return (
        <Switch
          label={label}
          error={error}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    }
    return (
      <Select
        {...field}
        clearable
        data={[
          { value: 'true', label: t('common.yes') },
          { value: 'false', label: t('common.no') },
        ]}
        value={typeof value === 'boolean' ? String(value) : null}
        onChange={(next) => onChange(next === null ? null : next === 'true')}
      />
    );
  }
  if (multiple) {
    // Several typed values: each becomes a pill; whole numbers are sent as numbers.
    const items = Array.isArray(value) ? value.map(String) : [];
    return (
      <TagsInput
        {...field}
        description={type === 'DATE' ? t('queryParameters.datesHelp') : t('queryParameters.tagsHelp')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={items}
        onChange={(next) =>
          onChange(type === 'NUMERIC' ? next.map((item) => (INTEGER.test(item) ? Number(item) : item)) : next)
        }
      />
    );
  }
  if (type === 'NUMERIC') {
    return (
      <NumberInput
        {...field}
        allowDecimal={false}
        value={typeof value === 'number' || typeof value === 'string' ? value : ''}
        onChange={(next) => onChange(toNumericParameter(next))}
      />
    );
  }
  if (type === 'DATE') {
    return (
      <DateInput
        {...field}
        clearable
        limitFuture
        timeZone={DATE_PARAMETER_ZONE}
        value={typeof value === 'string' ? value : null}
        onChange={(next) => onChange(dayOfDateValue(next, DATE_PARAMETER_ZONE))}
      />
    );
  }
  return (
    <TextInput
      {...field}
      maxLength={500}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
