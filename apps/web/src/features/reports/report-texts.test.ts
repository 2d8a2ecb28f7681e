import {
  NOTIFICATION_TYPES,
  REPORT_CATEGORIES,
  REPORT_FORMATS,
  REPORT_JOB_STATUSES,
  REPORT_RECURRENCES,
} from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../../i18n/all-catalogs';
import { splitJobError } from './ReportJobProgress';
import { toReportScheduleInput } from './report-schedule-form';

type TTree = { [key: string]: string | TTree };
const at = (catalog: TTree, path: string) =>
  path
    .split('.')
    .reduce<string | TTree | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), catalog);

describe('report texts', () => {
  for (const [language, catalog] of Object.entries(CATALOGS)) {
    it(`name every category, format, recurrence, weekday, job status and notification in ${language}`, () => {
      const keys = [
        ...REPORT_CATEGORIES.map((value) => `reports.categories.${value}`),
        ...REPORT_FORMATS.map((value) => `reports.formats.${value}`),
        ...REPORT_RECURRENCES.flatMap((value) => [`reports.recurrences.${value}`, `reports.recurrenceText.${value}`]),
        ...[1, 2, 3, 4, 5, 6, 7].map((day) => `reports.weekdays.${day}`),
        ...REPORT_JOB_STATUSES.map((value) => `reports.jobStatus.${value}`),
        ...NOTIFICATION_TYPES.flatMap((type) =>
          ['title', 'message', 'action'].map((part) => `notifications.types.${type}.${part}`),
        ),
      ];
      expect(keys.filter((key) => typeof at(catalog as TTree, key) !== 'string')).toEqual([]);
    });
  }
});

describe('a schedule as the API takes it', () => {
  const values = {
    templateId: '7',
    format: 'PDF' as const,
    parameters: { desde: '2025-01-01', categorias: [], nota: '' },
    recurrence: 'DAILY' as const,
    recurringTime: '08:00',
    dayOfWeek: '3',
    dayOfMonth: 12 as const,
    subscribers: [{ id: 4, name: 'Rui Carvalho' }],
    enabled: true,
  };
  const definitions = [
    { variableName: 'desde', type: 'DATE', label: 'Desde', mandatory: true, multiple: false, partialQuery: null },
    {
      variableName: 'categorias',
      type: 'EVENT_CATEGORY',
      label: 'C',
      mandatory: false,
      multiple: true,
      partialQuery: null,
    },
    { variableName: 'nota', type: 'TEXT', label: 'N', mandatory: false, multiple: false, partialQuery: null },
  ] as const;

  it('keeps only the given values and only the day its rule uses', () => {
    expect(toReportScheduleInput(values, definitions)).toEqual({
      templateId: 7,
      format: 'PDF',
      parameters: { desde: '2025-01-01' },
      recurrence: 'DAILY',
      recurringTime: '08:00',
      dayOfWeek: null,
      dayOfMonth: null,
      subscriberIds: [4],
      enabled: true,
    });
    expect(toReportScheduleInput({ ...values, recurrence: 'WEEKLY' }, definitions).dayOfWeek).toBe(3);
    expect(toReportScheduleInput({ ...values, recurrence: 'MONTHLY' }, definitions).dayOfMonth).toBe(12);
  });
});

describe('a failed job’s error', () => {
  it('splits into the code the catalog words and the database’s own message', () => {
    expect(splitJobError('REPORT_QUERY_ERROR: relation "x" does not exist')).toEqual({
      code: 'REPORT_QUERY_ERROR',
      detail: 'relation "x" does not exist',
    });
    expect(splitJobError('INTERRUPTED')).toEqual({ code: 'INTERRUPTED', detail: null });
  });
});
