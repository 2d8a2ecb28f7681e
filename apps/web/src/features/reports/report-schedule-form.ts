import {
  type TParameterValues,
  type TQueryParameterDefinition,
  type TReportFormat,
  type TReportRecurrence,
  type TReportSchedule,
  type TReportScheduleInput,
  ZReportScheduleInput,
} from '@mip/shared';
import { givenParameterValues } from '../../components/query-parameters/parameter-values';
import type { TOption } from '../../components/select/RemoteSelect';

export interface TReportScheduleFormValues {
  templateId: string | null;
  format: TReportFormat;
  parameters: TParameterValues;
  recurrence: TReportRecurrence | null;
  /** HH:mm in Lisbon time. */
  recurringTime: string;
  dayOfWeek: string | null;
  dayOfMonth: number | '';
  subscribers: TOption[];
  enabled: boolean;
}

export function emptyReportScheduleForm(templateId: string | null): TReportScheduleFormValues {
  return {
    templateId,
    format: 'CSV',
    parameters: {},
    recurrence: 'DAILY',
    recurringTime: '08:00',
    dayOfWeek: '1',
    dayOfMonth: 1,
    subscribers: [],
    enabled: true,
  };
}

export function toReportScheduleFormValues(schedule: TReportSchedule): TReportScheduleFormValues {
  return {
    templateId: String(schedule.template.id),
    format: schedule.format,
    parameters: schedule.parameters as TParameterValues,
    recurrence: schedule.recurrence,
    recurringTime: schedule.recurringTime,
    dayOfWeek: schedule.dayOfWeek === null ? '1' : String(schedule.dayOfWeek),
    dayOfMonth: schedule.dayOfMonth ?? 1,
    subscribers: schedule.subscribers.map((user) => ({ id: user.id, name: `${user.name} (${user.email})` })),
    enabled: schedule.enabled,
  };
}

/** The values as the API takes them; only the chosen rule's day goes, and only the parameters given. */
export function toReportScheduleInput(
  values: TReportScheduleFormValues,
  definitions: readonly TQueryParameterDefinition[],
): TReportScheduleInput {
  return {
    templateId: values.templateId === null ? (undefined as unknown as number) : Number(values.templateId),
    format: values.format,
    parameters: givenParameterValues(definitions, values.parameters),
    recurrence: values.recurrence as TReportRecurrence,
    recurringTime: values.recurringTime,
    dayOfWeek: values.recurrence === 'WEEKLY' && values.dayOfWeek ? Number(values.dayOfWeek) : null,
    dayOfMonth: values.recurrence === 'MONTHLY' && values.dayOfMonth !== '' ? values.dayOfMonth : null,
    subscriberIds: values.subscribers.map((user) => user.id),
    enabled: values.enabled,
  };
}

/** The schedule's rule when it is complete enough to say when it runs next; null otherwise. */
export function scheduleRuleOf(values: TReportScheduleFormValues) {
  const parsed = ZReportScheduleInput.safeParse({ ...toReportScheduleInput(values, []), templateId: 1 });
  return parsed.success ? parsed.data : null;
}
