import { z } from 'zod';
import { missingOr, nullableId, requiredId, ZId, ZPageQuery, ZQueryList, ZSearchText } from './common.ts';
import { EVENT_DIRECTIONS, EVENT_PRIORITIES, EVENT_STATUSES, EVENT_SUB_TYPES } from './events.ts';

/**
 * Rule templates (spec 000 §2 /rule-template, §6 MANAGE_RULE_TEMPLATES): a
 * condition on the values of the IoT reader behind a system's IOT parameter
 * (spec 001 §3 Parameter readerId), held for a number of consecutive readings
 * or for a duration, that opens an event on the system; a clear condition
 * that resolves it. The spec shows no fields: these are ours.
 */

export const RULE_OPERATORS = ['GT', 'GTE', 'LT', 'LTE', 'EQ', 'NEQ'] as const;
export type TRuleOperator = (typeof RULE_OPERATORS)[number];

/** READINGS: this many consecutive readings match; DURATION: readings keep matching for this many seconds. */
export const RULE_HOLD_TYPES = ['READINGS', 'DURATION'] as const;
export type TRuleHoldType = (typeof RULE_HOLD_TYPES)[number];

export const RULE_MAX_HOLD_READINGS = 1000;
/** A week: a condition held longer than that is a report, not an alarm. */
export const RULE_MAX_HOLD_SECONDS = 7 * 24 * 3600;
/** Placeholders a rule's title and message may use; each is replaced by the triggering reading's facts. */
export const RULE_PLACEHOLDERS = ['value', 'system', 'parameter', 'threshold', 'rule', 'observedAt'] as const;
export type TRulePlaceholder = (typeof RULE_PLACEHOLDERS)[number];
/** How many of the readings that raised an event are kept with it, newest last. */
export const RULE_EVIDENCE_READINGS = 20;
/** The test action replays at most this many of a reader's latest readings. */
export const RULE_TEST_MAX_READINGS = 500;

export const ZRuleCondition = z
  .object({
    operator: z.enum(RULE_OPERATORS, { error: missingOr('MISSING_OPERATOR', 'INVALID_OPERATOR') }),
    threshold: z
      .number({ error: missingOr('MISSING_THRESHOLD', 'INVALID_THRESHOLD') })
      .refine(Number.isFinite, { error: 'INVALID_THRESHOLD' }),
    holdType: z.enum(RULE_HOLD_TYPES, { error: missingOr('MISSING_HOLD', 'INVALID_HOLD') }),
    /** Readings (1 or more) or seconds (0 or more), by holdType. */
    holdValue: z.number({ error: missingOr('MISSING_HOLD', 'INVALID_HOLD') }).int({ error: 'INVALID_HOLD' }),
  })
  .superRefine((condition, context) => {
    const isReadings = condition.holdType === 'READINGS';
    const min = isReadings ? 1 : 0;
    const max = isReadings ? RULE_MAX_HOLD_READINGS : RULE_MAX_HOLD_SECONDS;
    if (condition.holdValue < min || condition.holdValue > max) {
      context.addIssue({ code: 'custom', path: ['holdValue'], message: 'INVALID_HOLD' });
    }
  });
export type TRuleCondition = z.infer<typeof ZRuleCondition>;

const ZTemplateText = (missing: string, invalid: string, max: number) =>
  z.string({ error: missing }).trim().min(1, { error: missing }).max(max, { error: invalid });

export const ZRuleTemplateInput = z.object({
  name: ZTemplateText('MISSING_NAME', 'INVALID_NAME', 200),
  description: z
    .string({ error: 'INVALID_DESCRIPTION' })
    .trim()
    .max(2000, { error: 'INVALID_DESCRIPTION' })
    .nullish()
    .transform((value) => value ?? ''),
  active: z.boolean({ error: 'MISSING_ENABLED' }).default(true),
  /** The name of the IOT parameter whose reader the rule watches on each system it is applied to. */
  parameterName: ZTemplateText('MISSING_PARAMETER', 'INVALID_PARAMETER', 200),
  condition: ZRuleCondition,
  clearCondition: ZRuleCondition,
  categoryId: requiredId('MISSING_CATEGORY', 'INVALID_CATEGORY'),
  priority: z.enum(EVENT_PRIORITIES, { error: missingOr('MISSING_PRIORITY', 'INVALID_PRIORITY') }).default('NORMAL'),
  /** Road categories ask for these, as an event form does. */
  direction: z
    .enum(EVENT_DIRECTIONS, { error: 'INVALID_DIRECTION' })
    .nullish()
    .transform((value) => value ?? null),
  subType: z
    .enum(EVENT_SUB_TYPES, { error: 'INVALID_SUB_TYPE' })
    .nullish()
    .transform((value) => value ?? null),
  isPublic: z.boolean({ error: 'INVALID_VALUE' }).default(false),
  /** The event's title, with {{placeholders}}. */
  title: ZTemplateText('MISSING_TITLE', 'INVALID_TITLE', 300),
  /** The event's description, with {{placeholders}}. */
  message: ZTemplateText('MISSING_MESSAGE', 'INVALID_MESSAGE', 5000),
});
export type TRuleTemplateInput = z.input<typeof ZRuleTemplateInput>;
export type TRuleTemplateInputParsed = z.output<typeof ZRuleTemplateInput>;

const ZRef = z.object({ id: z.number().int(), name: z.string() });

export const ZRuleTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  parameterName: z.string(),
  condition: ZRuleCondition,
  clearCondition: ZRuleCondition,
  category: ZRef,
  priority: z.enum(EVENT_PRIORITIES),
  direction: z.enum(EVENT_DIRECTIONS).nullable(),
  subType: z.enum(EVENT_SUB_TYPES).nullable(),
  isPublic: z.boolean(),
  title: z.string(),
  message: z.string(),
  /** The entity its events go to when the category allocates none (its author's). */
  entity: ZRef,
  systemsCount: z.number().int(),
  /** Events it raised that are still live. */
  openEventsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRuleTemplate = z.infer<typeof ZRuleTemplate>;

export const RULE_TEMPLATE_SORT_PROPERTIES = ['name', 'parameterName', 'active', 'updatedAt'] as const;

export const ZRuleTemplateSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(RULE_TEMPLATE_SORT_PROPERTIES).optional(),
  universalSearch: ZSearchText,
  active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  categoryId: ZQueryList(ZId),
});
export type TRuleTemplateSearchQuery = z.input<typeof ZRuleTemplateSearchQuery>;

// ---------------------------------------------------------------- applying to systems

/** Applies a rule to the systems named, to every system of a group (and its subgroups), or both. */
export const ZRuleApplyInput = z
  .object({
    systemIds: z
      .array(ZId, { error: 'INVALID_AFFECTED_SYSTEMS' })
      .max(1000, { error: 'INVALID_AFFECTED_SYSTEMS' })
      .default([])
      .transform((ids) => [...new Set(ids)]),
    groupId: nullableId('INVALID_GROUP'),
  })
  .superRefine((input, context) => {
    if (input.systemIds.length === 0 && input.groupId === null) {
      context.addIssue({ code: 'custom', path: ['systemIds'], message: 'MISSING_SYSTEMS' });
    }
  });
export type TRuleApplyInput = z.input<typeof ZRuleApplyInput>;

export const ZRuleApplyResult = z.object({
  applied: z.number().int(),
  alreadyApplied: z.number().int(),
  /** Systems skipped because they have no IOT parameter of the rule's name with a reader. */
  withoutParameter: z.number().int(),
});
export type TRuleApplyResult = z.infer<typeof ZRuleApplyResult>;

export const RULE_STATES = ['IDLE', 'TRIGGERING', 'ACTIVE', 'CLEARING'] as const;
export type TRuleState = (typeof RULE_STATES)[number];

/** A system the rule is applied to, with where the rule stands on it. */
export const ZRuleSystem = z.object({
  id: z.number().int(),
  name: z.string(),
  groupName: z.string(),
  /** The reader behind the rule's parameter on this system; null once the parameter is gone. */
  readerId: z.string().nullable(),
  state: z.enum(RULE_STATES),
  /** The live event the rule raised on this system. */
  openEvent: ZRef.nullable(),
  lastValue: z.number().nullable(),
  lastObservedAt: z.string().nullable(),
});
export type TRuleSystem = z.infer<typeof ZRuleSystem>;

/** Searches the systems a rule watches, and those it could be applied to. */
export const ZRuleSystemSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(['name', 'groupName']).optional(),
  universalSearch: ZSearchText,
});
export type TRuleSystemSearchQuery = z.input<typeof ZRuleSystemSearchQuery>;

export const ZRuleSystemParams = z.object({ id: ZId, systemId: ZId });

/**
 * A system the rule can still be applied to: it has an IOT parameter of the
 * rule's name linked to a reader, and the rule does not watch it yet.
 */
export const ZRuleCandidateSystem = z.object({
  id: z.number().int(),
  name: z.string(),
  groupName: z.string(),
  /** The reader the rule would watch there. */
  readerId: z.string(),
});
export type TRuleCandidateSystem = z.infer<typeof ZRuleCandidateSystem>;

// ---------------------------------------------------------------- test against the last readings

/** A rule as written (saved or not), replayed on one system's latest readings. */
export const ZRuleTestInput = z.object({
  parameterName: ZRuleTemplateInput.shape.parameterName,
  condition: ZRuleCondition,
  clearCondition: ZRuleCondition,
  systemId: requiredId('MISSING_SYSTEM', 'INVALID_SYSTEM'),
  limit: z
    .number({ error: 'INVALID_VALUE' })
    .int({ error: 'INVALID_VALUE' })
    .min(1, { error: 'INVALID_VALUE' })
    .max(RULE_TEST_MAX_READINGS, { error: 'INVALID_VALUE' })
    .default(100),
});
export type TRuleTestInput = z.input<typeof ZRuleTestInput>;

export const RULE_ACTIONS = ['OPEN', 'RESOLVE'] as const;
export type TRuleAction = (typeof RULE_ACTIONS)[number];

export const ZRuleTestStep = z.object({
  value: z.number(),
  observedAt: z.string(),
  /** Whether the reading met the condition being watched at that moment (the alarm's, or the clear's while open). */
  matches: z.boolean(),
  state: z.enum(RULE_STATES),
  action: z.enum(RULE_ACTIONS).nullable(),
});

export const ZRuleTestResult = z.object({
  system: ZRef,
  readerId: z.string().nullable(),
  /** The readings replayed, oldest first. */
  steps: z.array(ZRuleTestStep),
  opened: z.number().int(),
  resolved: z.number().int(),
  finalState: z.enum(RULE_STATES),
});
export type TRuleTestResult = z.infer<typeof ZRuleTestResult>;

// ---------------------------------------------------------------- the events rules raise

export const ZRuleReading = z.object({ value: z.number(), observedAt: z.string() });
export type TRuleReading = z.infer<typeof ZRuleReading>;

/** Which rule raised an event, on which system, from which readings; and what cleared it. */
export const ZRuleEventOrigin = z.object({
  /** Null once the rule is deleted; its name stays. */
  rule: z.object({ id: z.number().int().nullable(), name: z.string() }),
  system: ZRef.nullable(),
  parameterName: z.string(),
  readerId: z.string(),
  condition: ZRuleCondition,
  readings: z.array(ZRuleReading),
  clearReadings: z.array(ZRuleReading),
  raisedAt: z.string(),
  clearedAt: z.string().nullable(),
  eventStatus: z.enum(EVENT_STATUSES),
});
export type TRuleEventOrigin = z.infer<typeof ZRuleEventOrigin>;

export const ZRuleEventOriginAnswer = z.object({ origin: ZRuleEventOrigin.nullable() });
