import '@mantine/dates/styles.css';
import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

export type TimeFieldProps = Pick<
  TimePickerProps,
  | 'label'
  | 'description'
  | 'inputWrapperOrder'
  | 'error'
  | 'required'
  | 'withAsterisk'
  | 'readOnly'
  | 'disabled'
  | 'onFocus'
  | 'onBlur'
  | 'w'
  | 'style'
> & {
  /** HH:mm, or '' while the field is empty or only partly typed (optional for @mantine/form's getInputProps). */
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * A time of day typed as HH:mm, on a 24-hour clock whatever the browser's
 * language. The browser's own time input follows the browser's locale, not
 * the page's: under some it asks for AM/PM, and a time typed without it was
 * left empty and silently saved as midnight. Mantine's TimePicker has its own
 * hour and minute fields, so what is typed is what is kept; until both are
 * filled the value stays '' and the form can say so.
 */
export function TimeField({ label, value, onChange, ...others }: TimeFieldProps) {
  const { t } = useTranslation();
  const name = typeof label === 'string' ? label : '';
  return (
    <TimePicker
      {...others}
      label={label}
      value={value ?? ''}
      onChange={onChange}
      format="24h"
      // Each part is its own spin button: named after the field, so a screen reader says which time it is.
      hoursInputLabel={t('dates.time.hoursOf', { label: name })}
      minutesInputLabel={t('dates.time.minutesOf', { label: name })}
      hoursPlaceholder={t('dates.time.hoursPlaceholder')}
      minutesPlaceholder={t('dates.time.minutesPlaceholder')}
    />
  );
}
