import {
  REPORT_SCHEDULE_TIME_ZONE,
  type TReportJobStatus,
  type TReportSchedule,
  type TReportScheduleConfig,
} from '@mip/shared';
import type { TFunction } from 'i18next';
import { formatDateTime, INCIDENT_DATE_FORMAT } from '../../lib/dates';

export const JOB_STATUS_COLOURS: Record<TReportJobStatus, string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  DONE: 'teal',
  FAILED: 'red',
};

/** An instant as schedules read it: DD-MM-YYYY HH:mm in Lisbon time, whatever the user's own zone. */
export function formatLisbonTime(value: string | Date | null): string {
  return formatDateTime(value, REPORT_SCHEDULE_TIME_ZONE, INCIDENT_DATE_FORMAT);
}

/** "Every day at 08:00", "Every Monday at 09:30", "On day 31 of each month at 23:15", "Every hour at :15". */
export function describeRecurrence(
  t: TFunction,
  schedule: Pick<TReportScheduleConfig | TReportSchedule, 'recurrence' | 'recurringTime' | 'dayOfWeek' | 'dayOfMonth'>,
): string {
  const time = schedule.recurringTime;
  switch (schedule.recurrence) {
    case 'HOURLY':
      return t('reports.recurrenceText.HOURLY', { minutes: time.slice(3, 5) });
    case 'WEEKLY':
      return t('reports.recurrenceText.WEEKLY', { day: t(`reports.weekdays.${schedule.dayOfWeek ?? 1}`), time });
    case 'MONTHLY':
      return t('reports.recurrenceText.MONTHLY', { day: schedule.dayOfMonth ?? 1, time });
    default:
      return t('reports.recurrenceText.DAILY', { time });
  }
}
