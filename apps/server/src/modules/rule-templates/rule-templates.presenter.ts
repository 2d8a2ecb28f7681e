import type { TRuleCandidateSystem, TRuleCondition, TRuleSystem, TRuleTemplate } from '@mip/shared';
import type { ruleTemplates } from '../../db/schema/index.ts';
import { toIsoTimestamp } from '../../lib/timestamps.ts';
import { ruleStateOf } from './rule-evaluator.ts';

type TRef = { id: number; name: string };

export type TRuleTemplateRow = {
  id: number;
  name: string;
  description: string;
  active: boolean;
  parameter_name: string;
  condition: TRuleCondition;
  clear_condition: TRuleCondition;
  category: TRef;
  priority: TRuleTemplate['priority'];
  direction: TRuleTemplate['direction'];
  sub_type: TRuleTemplate['subType'];
  is_public: boolean;
  title: string;
  message: string;
  entity: TRef;
  systems_count: number;
  open_events_count: number;
  created_at: Date | string;
  updated_at: Date | string;
};

export function toRuleTemplate(row: TRuleTemplateRow): TRuleTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    parameterName: row.parameter_name,
    condition: row.condition,
    clearCondition: row.clear_condition,
    category: row.category,
    priority: row.priority,
    direction: row.direction,
    subType: row.sub_type,
    isPublic: row.is_public,
    title: row.title,
    message: row.message,
    entity: row.entity,
    systemsCount: row.systems_count,
    openEventsCount: row.open_events_count,
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
  };
}

/** What the audit log keeps of a rule. */
export function toRuleTemplateRecord(row: typeof ruleTemplates.$inferSelect) {
  const { searchText: _searchText, createdAt: _createdAt, ...record } = row;
  return record;
}

export type TRuleSystemRow = {
  id: number;
  name: string;
  group_name: string;
  reader_id: string | null;
  open_event: TRef | null;
  event_id: number | null;
  run_count: number;
  last_value: number | null;
  last_observed_at: Date | string | null;
};

export function toRuleSystem(row: TRuleSystemRow): TRuleSystem {
  return {
    id: row.id,
    name: row.name,
    groupName: row.group_name,
    readerId: row.reader_id,
    state: ruleStateOf({
      isOpen: row.event_id !== null,
      runCount: row.run_count,
      runSince: null,
      runReadings: [],
      lastValue: row.last_value,
      lastObservedAt: null,
    }),
    openEvent: row.open_event,
    lastValue: row.last_value,
    lastObservedAt: row.last_observed_at === null ? null : toIsoTimestamp(row.last_observed_at),
  };
}

export type TRuleCandidateRow = { id: number; name: string; group_name: string; reader_id: string };

export function toRuleCandidateSystem(row: TRuleCandidateRow): TRuleCandidateSystem {
  return { id: row.id, name: row.name, groupName: row.group_name, readerId: row.reader_id };
}
