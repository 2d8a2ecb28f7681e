import type { TQueryColumnType } from '@mip/shared';
import { formatDateTime, formatIsoDay, INCIDENT_DATE_FORMAT } from '../../lib/dates';
import { formatNumber } from '../../lib/numbers';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface TCellFormat {
  language: string;
  timeZone: string | undefined;
  /** The words for true and false. */
  yes: string;
  no: string;
}

/**
 * One value of a query's result as a person reads it, by its column's type:
 * numbers grouped in the user's language, days as DD-MM-YYYY, instants in the
 * user's time zone, JSON as text. Null is '' (the table shows a dash).
 */
export function formatResultCell(value: unknown, type: TQueryColumnType | undefined, format: TCellFormat): string {
  if (value === null || value === undefined) return '';
  switch (type) {
    case 'number': {
      const number = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(number)
        ? formatNumber(number, format.language, { maximumFractionDigits: 6 })
        : String(value);
    }
    case 'boolean':
      return value === true || value === 'true' ? format.yes : value === false || value === 'false' ? format.no : '';
    case 'date': {
      const day = typeof value === 'string' ? value.slice(0, 10) : null;
      return day && ISO_DAY.test(day)
        ? formatIsoDay(day)
        : formatDateTime(value as string, format.timeZone, 'DD-MM-YYYY');
    }
    case 'datetime':
      return formatDateTime(value as string, format.timeZone, INCIDENT_DATE_FORMAT) || String(value);
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
