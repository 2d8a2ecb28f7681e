import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The user whose session made the change (the impersonated one, while impersonating). */
    userId: integer('user_id'),
    /** The real person behind an impersonated session. */
    impersonatorUserId: integer('impersonator_user_id'),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    // Newest first with id as the tiebreak: the log's order, and the keyset of its CSV export.
    index('audit_log_at_id_idx').on(t.at, t.id),
    index('audit_log_record_idx').on(t.recordType, t.recordId),
    index('audit_log_user_idx').on(t.userId),
    index('audit_log_impersonator_idx').on(t.impersonatorUserId),
    index('audit_log_action_idx').on(t.action),
  ],
);

export const configuration = pgTable('configuration', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const applications = pgTable('applications', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  type: text('type', { enum: ['VERTICAL_APP_BASED', 'EXTERNAL_URL_APP', 'CUSTOM_GENERATED_APP'] }).notNull(),
  withAuth: boolean('with_auth').notNull().default(false),
  logo: text('logo'),
  url: text('url'),
  profileId: integer('profile_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An application's own configuration pairs, laid over the platform's. */
export const applicationConfiguration = pgTable(
  'application_configuration',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.name] })],
);

export const informations = pgTable('informations', {
  type: text('type').primaryKey(),
  content: text('content').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
