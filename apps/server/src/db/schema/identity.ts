import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns.ts';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});

export const entityProfiles = pgTable('entity_profiles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  ...timestamps,
});

/** Which roles the users of an entity of this profile may hold. */
export const entityProfileRoles = pgTable(
  'entity_profile_roles',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => entityProfiles.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.roleId] })],
);

export const entities = pgTable(
  'entities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    vatNumber: text('vat_number'),
    profileId: integer('profile_id').references(() => entityProfiles.id),
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's self-reference needs the loose type
    parentId: integer('parent_id').references((): any => entities.id),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    postalCode: text('postal_code'),
    districtId: text('district_id'),
    countyId: text('county_id'),
    parishId: text('parish_id'),
    active: boolean('active').notNull().default(true),
    /** What the search box matches, folded once when written: lower case, no accents (f_unaccent: migration 0001). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(f_unaccent("name" || ' ' || coalesce("vat_number", '') || ' ' || coalesce("email", '')))`,
    ),
    ...timestamps,
  },
  (t) => [
    index('entities_parent_idx').on(t.parentId),
    uniqueIndex('entities_vat_number_idx').on(t.vatNumber),
    index('entities_profile_idx').on(t.profileId),
    index('entities_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    type: text('type').notNull().default('NORMAL'),
    language: text('language').notNull().default('pt-PT'),
    timeZone: text('time_zone').notNull().default('Europe/Lisbon'),
    receiveNotifications: boolean('receive_notifications').notNull().default(true),
    /** Entities this user is limited to (with their sub-entities); empty means no limit. */
    entitiesAccessList: integer('entities_access_list').array().notNull().default(sql`'{}'::integer[]`),
    ballotNumber: text('ballot_number'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    legalWarningReadAt: timestamp('legal_warning_read_at', { withTimezone: true }),
    /**
     * What the user list's search box matches, folded once when written (lower
     * case, no accents): checking a stored value is far cheaper than folding
     * every candidate row at each search.
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(f_unaccent("name" || ' ' || "email"))`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_entity_idx').on(t.entityId),
    index('users_role_idx').on(t.roleId),
    index('users_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The list's default order, so an unfiltered page reads 50 index entries instead of sorting every user.
    index('users_name_order_idx').on(sql`${t.name} collate pt_natural`, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the bearer token: a stolen database holds no usable token. */
    tokenHash: bytea('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session this one was opened from by impersonation; it is restored on exit. */
    impersonatorSessionId: bigint('impersonator_session_id', { mode: 'number' }),
    validity: timestamp('validity', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use tokens sent by email (password reset, account activation). */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['RESET', 'ACTIVATE'] }).notNull(),
    tokenHash: bytea('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);

/** Failed sign-ins per account and per address, kept in the database so every server process shares them. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
