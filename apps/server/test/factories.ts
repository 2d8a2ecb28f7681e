import { randomBytes } from 'node:crypto';
import type { TPermission } from '@mip/shared';
import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../src/db/database.ts';
import { entities, roles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password-hash.ts';

export const TEST_PASSWORD = 'Tr4ms-e-Metro!';
const unique = () => randomBytes(4).toString('hex');

export async function createRole(db: TDatabase, permissions: TPermission[] = []) {
  const [role] = await db
    .insert(roles)
    .values({ name: `Role ${unique()}`, permissions })
    .returning();
  return role;
}

export async function createEntity(db: TDatabase, values: { name?: string; parentId?: number } = {}) {
  const [entity] = await db
    .insert(entities)
    .values({ name: values.name ?? `Entity ${unique()}`, parentId: values.parentId })
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
    })
    .returning();
  return user;
}

/** Signs in through the real route and answers the bearer header. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const token = response.json().session.token as string;
  return { authorization: `Bearer ${token}`, token };
}
