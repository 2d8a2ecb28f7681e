import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { eventCategories, events } from './events.ts';
import { entities } from './identity.ts';
import { mobilitySystems } from './mobility.ts';

/** {operator, threshold, holdType, holdValue}: the shape of ZRuleCondition. */
type TConditionColumn = { operator: string; threshold: number; holdType: string; holdValue: number };
type TReadingColumn = { value: number; observedAt: string };

/**
 * A rule on the values of the reader behind a system's IOT parameter: when
 * its condition holds it opens an event on the system, when its clear
 * condition holds it resolves it.
 */
export const ruleTemplates = pgTable(
  'rule_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** The IOT parameter (by name) whose reader the rule watches on each system. */
    parameterName: text('parameter_name').notNull(),
    condition: jsonb('condition').$type<TConditionColumn>().notNull(),
    clearCondition: jsonb('clear_condition').$type<TConditionColumn>().notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => eventCategories.id),
    priority: text('priority', { enum: ['LOW', 'NORMAL', 'HIGH', 'CRITICAL'] }).notNull(),
    direction: text('direction', { enum: ['ONE_DIRECTION', 'BOTH_DIRECTION'] }),
    subType: text('sub_type'),
    isPublic: boolean('is_public').notNull().default(false),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Its author's entity: events go there when the category allocates none, and it scopes who sees the rule. */
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(f_unaccent("name" || ' ' || "parameter_name"))`),
    ...timestamps,
  },
  (t) => [
    index('rule_templates_entity_idx').on(t.entityId),
    index('rule_templates_category_idx').on(t.categoryId),
    index('rule_templates_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The systems a rule is applied to, and where it stands on each: the durable
 * copy of the evaluator's state, written after every batch of readings so a
 * restart (or another server process) resumes where it was.
 */
export const ruleTemplateSystems = pgTable(
  'rule_template_systems',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => ruleTemplates.id, { onDelete: 'cascade' }),
    systemId: integer('system_id')
      .notNull()
      .references(() => mobilitySystems.id, { onDelete: 'cascade' }),
    /** The live event the rule raised here; set to null if an operator deletes it, which re-arms the rule. */
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** Consecutive readings that met the condition being watched (the alarm's, or the clear's while open). */
    runCount: integer('run_count').notNull().default(0),
    /** When the first of them was observed. */
    runSince: timestamp('run_since', { withTimezone: true }),
    /** The latest of them, newest last (at most RULE_EVIDENCE_READINGS): what raised or cleared the event. */
    runReadings: jsonb('run_readings').$type<TReadingColumn[]>().notNull().default([]),
    lastValue: doublePrecision('last_value'),
    /** Readings observed at or before this are already counted: a redelivered batch changes nothing. */
    lastObservedAt: timestamp('last_observed_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.systemId] }), index('rule_template_systems_system_idx').on(t.systemId)],
);

/** Every event a rule raised: the rule, the system and the readings behind it, and those that cleared it. */
export const ruleTemplateEvents = pgTable(
  'rule_template_events',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => ruleTemplates.id, { onDelete: 'set null' }),
    /** The rule's name when it fired, kept if the rule is renamed or deleted. */
    ruleName: text('rule_name').notNull(),
    systemId: integer('system_id').references(() => mobilitySystems.id, { onDelete: 'set null' }),
    parameterName: text('parameter_name').notNull(),
    readerId: text('reader_id').notNull(),
    condition: jsonb('condition').$type<TConditionColumn>().notNull(),
    readings: jsonb('readings').$type<TReadingColumn[]>().notNull(),
    clearReadings: jsonb('clear_readings').$type<TReadingColumn[]>().notNull().default([]),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    index('rule_template_events_rule_idx').on(t.ruleId),
    // One open event per rule and system, whatever two processes race to do.
    uniqueIndex('rule_template_events_open_idx').on(t.ruleId, t.systemId).where(sql`${t.clearedAt} is null`),
  ],
);
