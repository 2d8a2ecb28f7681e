import { randomBytes } from 'node:crypto';
import type { TPermission } from '@mip/shared';
import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../src/db/database.ts';
import {
  applicationConfiguration,
  applications,
  entities,
  entityProfileRoles,
  entityProfiles,
  roles,
  sessions,
  users,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password-hash.ts';
import { newSession, openSession } from '../src/modules/auth/session-store.ts';

export const TEST_PASSWORD = 'Tr4ms-e-Metro!';
const unique = () => randomBytes(4).toString('hex');

export async function createRole(db: TDatabase, permissions: TPermission[] = []) {
  const [role] = await db
    .insert(roles)
    .values({ name: `Role ${unique()}`, permissions })
    .returning();
  return role;
}

export async function createEntityProfile(db: TDatabase, name = `Profile ${unique()}`, roleIds: number[] = []) {
  const [profile] = await db.insert(entityProfiles).values({ name }).returning();
  if (roleIds.length > 0) {
    await db.insert(entityProfileRoles).values(roleIds.map((roleId) => ({ profileId: profile.id, roleId })));
  }
  return profile;
}

export async function createEntity(
  db: TDatabase,
  values: { name?: string; parentId?: number; profileId?: number; vatNumber?: string; email?: string } = {},
) {
  const [entity] = await db
    .insert(entities)
    .values({ ...values, name: values.name ?? `Entity ${unique()}` })
    .returning();
  return entity;
}

let passwordHash: Promise<string> | null = null;

/** A user with its own entity and role unless given; signs in with TEST_PASSWORD. */
export async function createUser(
  db: TDatabase,
  values: {
    permissions?: TPermission[];
    entityId?: number;
    roleId?: number;
    status?: 'ACTIVE' | 'INACTIVE';
    email?: string;
    name?: string;
    language?: string;
    entitiesAccessList?: number[];
    withoutPassword?: boolean;
    type?: string;
    lastLoginAt?: Date;
  } = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const entityId = values.entityId ?? (await createEntity(db)).id;
  const roleId = values.roleId ?? (await createRole(db, values.permissions ?? [])).id;
  const [user] = await db
    .insert(users)
    .values({
      name: values.name ?? `User ${unique()}`,
      email: values.email ?? `user-${unique()}@test.example`,
      passwordHash: values.withoutPassword ? null : await passwordHash,
      entityId,
      roleId,
      status: values.status ?? 'ACTIVE',
      language: values.language ?? 'pt-PT',
      entitiesAccessList: values.entitiesAccessList ?? [],
      type: values.type,
      lastLoginAt: values.lastLoginAt,
    })
    .returning();
  return user;
}

/** Signs in through the real route and answers the bearer header. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  options: { remoteAddress?: string } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: options.remoteAddress,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const token = response.json().session.token as string;
  return { authorization: `Bearer ${token}`, token };
}

/** A new user (own entity and role) signed in through the real route. */
export async function signInNewUser(
  t: { app: FastifyInstance; db: TDatabase },
  values: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(t.db, values);
  return { user, ...(await signIn(t.app, user.email)) };
}

/**
 * A bearer header for a session opened straight in the database: no password
 * check, so tests that need hundreds of sessions stay fast.
 */
export async function openTestSession(db: TDatabase, userId: number) {
  const { token } = await openSession(db, { userId, ttlMinutes: 60 });
  return { authorization: `Bearer ${token}`, token };
}

/**
 * `count` live sessions of one user, opened in a single insert: for a test that needs a fresh
 * session per request (one may end it) across thousands of requests, where one insert each was
 * nearly half of its time.
 */
export async function openTestSessions(db: TDatabase, userId: number, count: number) {
  const opened = Array.from({ length: count }, () => newSession({ userId, ttlMinutes: 60 }));
  if (count > 0) await db.insert(sessions).values(opened.map(({ row }) => row));
  return opened.map(({ token }) => ({ authorization: `Bearer ${token}`, token }));
}

/** An application (spec: /app/{appId}) with its own configuration pairs. */
export async function createApplication(db: TDatabase, pairs: { name: string; value: string }[] = []) {
  const [application] = await db
    .insert(applications)
    .values({ name: `App ${unique()}`, type: 'CUSTOM_GENERATED_APP' })
    .returning();
  if (pairs.length > 0) {
    await db.insert(applicationConfiguration).values(pairs.map((pair) => ({ applicationId: application.id, ...pair })));
  }
  return application;
}
