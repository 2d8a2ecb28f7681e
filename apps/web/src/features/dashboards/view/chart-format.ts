import { secondsToTime, type TValueFormatter } from '@mip/shared';
import { formatNumber } from '../../../lib/numbers';

/**
 * A chart's number as its widget asks (spec 001 §3 tick and label
 * formatters): as it is, as h:mm:ss from seconds, as a percentage, or in
 * thousands. Text that is not a number (a category's name) is left alone.
 */
export function formatChartValue(value: unknown, formatter: TValueFormatter | undefined, language: string): string {
  if (value === null || value === undefined) return '';
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return String(value);
  const format = (amount: number, digits: number) => formatNumber(amount, language, { maximumFractionDigits: digits });
  switch (formatter) {
    case 'SECONDS_TO_TIME':
      return secondsToTime(number);
    case 'PERCENTAGE':
      return `${format(number, 1)}%`;
    case 'THOUSANDS':
      return `${format(number / 1000, 1)}k`;
    default:
      return format(number, 2);
  }
}

/** A share of a total as a percentage with one decimal: what a pie with calcPercentage shows. */
export function formatPercentage(share: number, language: string): string {
  return `${formatNumber(share, language, { maximumFractionDigits: 1 })}%`;
}
