import '@mantine/dates/styles.css';
import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { useRef } from 'react';
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
export function TimeField({ label, value = '', onChange, ...others }: TimeFieldProps) {
  const { t } = useTranslation();
  const name = typeof label === 'string' ? label : '';
  /** The last value the field gave, so its echo through `value` is told from a value set from outside. */
  const emitted = useRef<string | null>(null);
  /**
   * TimePicker takes a value set from outside (a form filled in, an end day's
   * 23:59) without noting that it is whole, and then says nothing when a part
   * of it is deleted: the field shows "--:59" while the form keeps 23:59. A
   * fresh TimePicker for each such value starts from the right state.
   */
  const outside = useRef({ value, generation: 0 });
  if (value !== outside.current.value) {
    if (value !== emitted.current) outside.current.generation += 1;
    outside.current.value = value;
  }
  const handleChange = (next: string) => {
    emitted.current = next;
    onChange?.(next);
  };
  return (
    <TimePicker
      key={outside.current.generation}
      {...others}
      label={label}
      value={value}
      onChange={handleChange}
      format="24h"
      // Each part is its own spin button: named after the field, so a screen reader says which time it is.
      hoursInputLabel={t('dates.time.hoursOf', { label: name })}
      minutesInputLabel={t('dates.time.minutesOf', { label: name })}
    />
  );
}
