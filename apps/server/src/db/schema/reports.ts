import type { TParameterValues, TQueryParameterDefinition } from '@mip/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './identity.ts';
import { userFiles } from './personal.ts';

export const reportTemplates = pgTable('report_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category', { enum: ['ANIMAL', 'VETERINARY', 'OTHERS'] }).notNull(),
  async: boolean('async').notNull().default(false),
  query: text('query').notNull(),
  reference: text('reference'),
  agreement: text('agreement'),
  enabled: boolean('enabled').notNull().default(true),
  parameters: jsonb('parameters').$type<TQueryParameterDefinition[]>().notNull().default(sql`'[]'::jsonb`),
  /** Only users of these entities (and their sub-entities) see it; empty: no limit. */
  entityIds: integer('entity_ids').array().notNull().default(sql`'{}'::integer[]`),
  ...timestamps,
});

export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => reportTemplates.id),
    /** Whose scope the query runs in, and whose files receive the result. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parameters: jsonb('parameters').$type<TParameterValues>().notNull().default(sql`'{}'::jsonb`),
    format: text('format', { enum: ['CSV', 'XLSX', 'PDF'] }).notNull(),
    recurrence: text('recurrence', { enum: ['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY'] }).notNull(),
    recurringTime: text('recurring_time').notNull(),
    dayOfWeek: smallint('day_of_week'),
    dayOfMonth: smallint('day_of_month'),
    enabled: boolean('enabled').notNull().default(true),
    nextGenerationAt: timestamp('next_generation_at', { withTimezone: true }),
    lastGeneratedAt: timestamp('last_generated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('report_schedules_due_idx').on(t.nextGenerationAt).where(sql`${t.enabled}`),
    index('report_schedules_template_idx').on(t.templateId),
    index('report_schedules_owner_idx').on(t.ownerId),
  ],
);

export const reportScheduleSubscribers = pgTable(
  'report_schedule_subscribers',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.userId] })],
);

/** One generation of a report in the background: its progress, and the file it produced. */
export const reportJobs = pgTable(
  'report_jobs',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => reportTemplates.id, { onDelete: 'cascade' }),
    scheduleId: integer('schedule_id').references(() => reportSchedules.id, { onDelete: 'set null' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parameters: jsonb('parameters').$type<TParameterValues>().notNull().default(sql`'{}'::jsonb`),
    format: text('format', { enum: ['CSV', 'XLSX', 'PDF'] }).notNull(),
    status: text('status', { enum: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] })
      .notNull()
      .default('QUEUED'),
    progress: real('progress').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    error: text('error'),
    fileId: integer('file_id').references(() => userFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('report_jobs_queue_idx').on(t.createdAt).where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
    index('report_jobs_requested_by_idx').on(t.requestedBy, t.createdAt),
  ],
);
