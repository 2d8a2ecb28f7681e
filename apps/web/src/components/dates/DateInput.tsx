import '@mantine/dates/styles.css';
import { ActionIcon, Group, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { useUncontrolled } from '@mantine/hooks';
import {
  applyDateTyping,
  compareCalendarDays,
  dateBounds,
  findDateLimitViolation,
  formatCalendarDay,
  parseDateInput,
  parseIsoDay,
  type TCalendarDay,
  type TDateLimits,
  toIsoDay,
} from '@mip/shared';
import { IconCalendar, IconX } from '@tabler/icons-react';
import { type ChangeEvent, type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/auth/session-store';
import { calendarDayOf, type TDateValue, type TDateValueInput, toDateValue, todayIn } from './date-value';

/** Text that has all its parts (a four-digit year): worth judging before the field is left. */
const IS_COMPLETE = /^\d{1,2}-\d{1,2}-\d{4}$/;

export interface DateInputProps
  extends Pick<
    TextInputProps,
    | 'label'
    | 'description'
    | 'error'
    | 'required'
    | 'withAsterisk'
    | 'disabled'
    | 'readOnly'
    | 'name'
    | 'id'
    | 'size'
    | 'placeholder'
    | 'autoFocus'
    | 'className'
    | 'style'
    | 'w'
    | 'miw'
    | 'maw'
    | 'flex'
  > {
  /** Controlled value: an ISO instant (what onChange gives), a Date, or a YYYY-MM-DD day; null for none. */
  value?: TDateValueInput;
  /** Uncontrolled start value (@mantine/form in uncontrolled mode). */
  defaultValue?: TDateValueInput;
  /** Called with the chosen day as an ISO instant (see TDateValue), or null once the field is emptied or refused. */
  onChange?: (value: TDateValue | null) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** Earliest day accepted (same forms as value; only its calendar day counts). */
  minDate?: TDateValueInput;
  /** Latest day accepted. */
  maxDate?: TDateValueInput;
  /** Refuse days before today. */
  limitPast?: boolean;
  /** Refuse days after today. */
  limitFuture?: boolean;
  /** Give the day's last millisecond (start + 24 h − 1 ms) instead of its start: for a "to" that includes the day. */
  endOfDay?: boolean;
  /** Show a button that empties the field. */
  clearable?: boolean;
  /** Month the calendar opens on while the field is empty; by default today's, within the limits. */
  defaultCalendarDate?: TDateValueInput;
  /** IANA zone the day is read in; the signed-in user's by default, else the browser's. */
  timeZone?: string;
}

/**
 * The date field of spec 001 §5: typed as DD-MM-YYYY with the dashes added
 * while typing, or picked on a calendar. A text that is not a real day, or
 * that the limits refuse, is cleared when the field is left, with a message
 * saying what was typed and why it went. Works with @mantine/form's
 * getInputProps (value, onChange, error, onFocus, onBlur).
 */
export function DateInput({
  value,
  defaultValue,
  onChange,
  onBlur,
  minDate,
  maxDate,
  limitPast,
  limitFuture,
  endOfDay,
  clearable,
  defaultCalendarDate,
  timeZone: zone,
  label,
  error,
  placeholder,
  disabled,
  readOnly,
  ...others
}: DateInputProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const timeZone = zone ?? session?.timeZone;
  const [current, setCurrent] = useUncontrolled<TDateValueInput>({
    value,
    defaultValue,
    finalValue: null,
    onChange: (next) => onChange?.((next as TDateValue | null) ?? null),
  });
  const currentDay = calendarDayOf(current, timeZone);
  const shown = currentDay ? formatCalendarDay(currentDay) : '';
  const [text, setText] = useState(shown);
  /** Why the typed text is (or was, before it was cleared) refused. */
  const [problem, setProblem] = useState<string | null>(null);
  const [isCalendarOpen, setIsCalendarOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  /** What the field will show once a value it gave comes back through `value`: that echo must not reset it. */
  const ownEcho = useRef<string | null>(null);

  useEffect(() => {
    const isOwnEcho = ownEcho.current === shown;
    ownEcho.current = null;
    if (isOwnEcho) return;
    // A value from outside (a form reset, a filter cleared elsewhere): show it.
    setText(shown);
    setProblem(null);
  }, [shown]);

  const limits: TDateLimits = {
    today: todayIn(timeZone),
    limitPast,
    limitFuture,
    minDate: calendarDayOf(minDate, timeZone),
    maxDate: calendarDayOf(maxDate, timeZone),
  };
  const bounds = dateBounds(limits);

  const emit = (day: TCalendarDay | null) => {
    const nextShown = day ? formatCalendarDay(day) : '';
    if (nextShown === shown) return;
    ownEcho.current = nextShown;
    setCurrent(day ? toDateValue(day, { timeZone, endOfDay }) : null);
  };

  /** The day a text stands for, or why it stands for none. */
  const judge = (typed: string): { day: TCalendarDay | null; problem: string | null } => {
    if (typed === '') return { day: null, problem: null };
    const day = parseDateInput(typed);
    if (!day) return { day: null, problem: t('dates.invalid', { text: typed }) };
    const violation = findDateLimitViolation(day, limits);
    if (violation) {
      return {
        day: null,
        problem: t(`dates.limits.${violation.reason}`, { text: typed, bound: formatCalendarDay(violation.bound) }),
      };
    }
    return { day, problem: null };
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const isForwardDelete = (event.nativeEvent as InputEvent).inputType === 'deleteContentForward';
    const next = applyDateTyping(text, input.value, input.selectionStart ?? input.value.length, isForwardDelete);
    // Written straight away so React finds the DOM already right and the caret stays where it belongs.
    input.value = next.text;
    input.setSelectionRange(next.caret, next.caret);
    setText(next.text);
    if (next.text === '') {
      setProblem(null);
      emit(null);
    } else if (IS_COMPLETE.test(next.text)) {
      // A whole date counts at once (no need to leave the field); a wrong one is only flagged until then.
      const judged = judge(next.text);
      setProblem(judged.problem);
      if (judged.day) emit(judged.day);
    } else {
      setProblem(null);
    }
  };

  /** Leaving the field (or Enter): a good date is written out in full, anything else is cleared. */
  const commit = () => {
    const judged = judge(text);
    setText(judged.day ? formatCalendarDay(judged.day) : '');
    setProblem(judged.problem);
    emit(judged.day);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    if (event.key === 'ArrowDown' && event.altKey && !disabled && !readOnly) {
      event.preventDefault();
      setIsCalendarOpen(true);
    }
  };

  const handlePick = (isoDay: string | null) => {
    const day = isoDay ? parseIsoDay(isoDay) : null;
    setText(day ? formatCalendarDay(day) : '');
    setProblem(null);
    emit(day);
    setIsCalendarOpen(false);
  };

  const handleClear = () => {
    setText('');
    setProblem(null);
    emit(null);
    inputRef.current?.focus();
  };

  const today = limits.today;
  const clampedToday =
    bounds.max && compareCalendarDays(today, bounds.max.day) > 0
      ? bounds.max.day
      : bounds.min && compareCalendarDays(today, bounds.min.day) < 0
        ? bounds.min.day
        : today;
  const isEditable = !disabled && !readOnly;
  const named = typeof label === 'string' && label !== '';
  const calendarLabel = named ? t('dates.openCalendarFor', { label }) : t('dates.openCalendar');
  const clearLabel = named ? t('dates.clearFor', { label }) : t('dates.clear');
  const isClearShown = clearable && isEditable && text !== '';

  return (
    <TextInput
      {...others}
      ref={inputRef}
      label={label}
      value={text}
      onChange={handleChange}
      onBlur={(event) => {
        commit();
        onBlur?.(event);
      }}
      onKeyDown={handleKeyDown}
      error={error || problem}
      // Said aloud as it appears: after leaving the field, the text it explains is already gone.
      errorProps={!error && problem ? { role: 'alert' } : undefined}
      placeholder={placeholder ?? t('dates.placeholder')}
      disabled={disabled}
      readOnly={readOnly}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      rightSectionWidth={isClearShown ? 56 : 34}
      rightSectionPointerEvents="all"
      rightSection={
        <Group gap={2} wrap="nowrap">
          {isClearShown && (
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={clearLabel} onClick={handleClear}>
              <IconX size={14} />
            </ActionIcon>
          )}
          <Popover
            opened={isCalendarOpen}
            onChange={setIsCalendarOpen}
            position="bottom-end"
            shadow="md"
            trapFocus
            returnFocus
          >
            <Popover.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={calendarLabel}
                disabled={!isEditable}
                onClick={() => setIsCalendarOpen((isOpen) => !isOpen)}
              >
                <IconCalendar size={18} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <DatesProvider
                settings={{
                  locale: i18n.language === 'pt-PT' ? 'pt' : 'en',
                  firstDayOfWeek: 1,
                  // No weekend colouring: the red it uses is too faint to read on white.
                  weekendDays: [],
                }}
              >
                <DatePicker
                  value={currentDay ? toIsoDay(currentDay) : null}
                  onChange={handlePick}
                  defaultDate={toIsoDay(currentDay ?? calendarDayOf(defaultCalendarDate, timeZone) ?? clampedToday)}
                  minDate={bounds.min ? toIsoDay(bounds.min.day) : undefined}
                  maxDate={bounds.max ? toIsoDay(bounds.max.day) : undefined}
                  hideOutsideDates
                  ariaLabels={{
                    nextMonth: t('dates.calendar.nextMonth'),
                    previousMonth: t('dates.calendar.previousMonth'),
                    nextYear: t('dates.calendar.nextYear'),
                    previousYear: t('dates.calendar.previousYear'),
                    nextDecade: t('dates.calendar.nextDecade'),
                    previousDecade: t('dates.calendar.previousDecade'),
                  }}
                />
              </DatesProvider>
            </Popover.Dropdown>
          </Popover>
        </Group>
      }
    />
  );
}
