import { Input, SimpleGrid, Stack } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/auth/session-store';
import { DateInput } from './DateInput';
import { stricterBound, type TDateRange } from './date-range';
import { calendarDayOf, type TDateValueInput, toDateValue } from './date-value';

export interface DateRangeInputsProps {
  /** Either end may be null (open). Same forms as DateInput's value. */
  value: { from?: TDateValueInput; to?: TDateValueInput };
  /** Called with both ends whenever one changes; `to` is the end of its day. */
  onChange: (range: TDateRange) => void;
  /** The pair's name, shown above both fields (e.g. "Período"). */
  label?: string;
  /** Defaults: "De" / "From" and "Até" / "To". */
  fromLabel?: string;
  toLabel?: string;
  description?: ReactNode;
  fromError?: ReactNode;
  toError?: ReactNode;
  /** Limits applied to both ends, as DateInput's. */
  minDate?: TDateValueInput;
  maxDate?: TDateValueInput;
  limitPast?: boolean;
  limitFuture?: boolean;
  clearable?: boolean;
  required?: boolean;
  disabled?: boolean;
  timeZone?: string;
}

/**
 * A from–to pair of DateInputs: "to" cannot be before "from" (nor "from"
 * after "to") and gives the end of its day, so a filter up to a day includes
 * all of it.
 */
export function DateRangeInputs({
  value,
  onChange,
  label,
  fromLabel,
  toLabel,
  description,
  fromError,
  toError,
  minDate,
  maxDate,
  timeZone: zone,
  ...shared
}: DateRangeInputsProps) {
  const { t } = useTranslation();
  const session = useSession();
  const timeZone = zone ?? session?.timeZone;
  const labelId = useId();
  const from = value.from ?? null;
  const to = value.to ?? null;
  /** The end left as it was, in the form onChange gives (a Date or a day given in becomes an ISO instant). */
  const asValue = (end: TDateValueInput, endOfDay: boolean) => {
    const day = calendarDayOf(end, timeZone);
    return day ? toDateValue(day, { timeZone, endOfDay }) : null;
  };

  const fields = (
    <SimpleGrid cols={2} spacing="xs">
      <DateInput
        {...shared}
        label={fromLabel ?? t('dates.range.from')}
        value={from}
        onChange={(next) => onChange({ from: next, to: asValue(to, true) })}
        error={fromError}
        minDate={minDate}
        maxDate={stricterBound(maxDate, to, 'earlier', timeZone)}
        defaultCalendarDate={to}
        timeZone={timeZone}
      />
      <DateInput
        {...shared}
        label={toLabel ?? t('dates.range.to')}
        value={to}
        onChange={(next) => onChange({ from: asValue(from, false), to: next })}
        error={toError}
        minDate={stricterBound(minDate, from, 'later', timeZone)}
        defaultCalendarDate={from}
        maxDate={maxDate}
        endOfDay
        timeZone={timeZone}
      />
    </SimpleGrid>
  );

  if (!label && !description) return fields;
  return (
    <Stack gap={2} role="group" aria-labelledby={label ? labelId : undefined}>
      {label && (
        <Input.Label labelElement="div" id={labelId}>
          {label}
        </Input.Label>
      )}
      {description && <Input.Description>{description}</Input.Description>}
      {fields}
    </Stack>
  );
}
