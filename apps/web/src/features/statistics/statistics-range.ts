import dayjs from 'dayjs';
// Loads dayjs's utc and timezone plugins.
import '../../lib/dates';

export const RANGE_PRESETS = [7, 30, 90] as const;
export type TRangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: TRangePreset = 30;

/** Whole days, YYYY-MM-DD, both ends included: what GET /statistics/summary takes. */
export interface TDayRange {
  from: string;
  to: string;
}

/** The last `days` days up to today, today included, as the calendar reads where the user is. */
export function lastDays(days: number, timeZone: string | undefined, now = new Date()): TDayRange {
  const today = timeZone ? dayjs(now).tz(timeZone) : dayjs(now);
  const to = today.format('YYYY-MM-DD');
  // Counted on the calendar date, so a daylight-saving change in between shifts nothing.
  const from = dayjs(to)
    .subtract(days - 1, 'day')
    .format('YYYY-MM-DD');
  return { from, to };
}

/** The preset a range is, if it is one ending today. */
export function presetOf(range: TDayRange, timeZone: string | undefined, now = new Date()): TRangePreset | null {
  return (
    RANGE_PRESETS.find((days) => {
      const preset = lastDays(days, timeZone, now);
      return preset.from === range.from && preset.to === range.to;
    }) ?? null
  );
}

/** Spec 001 §9: durations read h:mm:ss. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
