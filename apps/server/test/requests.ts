import type { TPermission } from '@mip/shared';
import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../src/db/database.ts';
import { signInNewUser } from './factories.ts';

type TQuery = Record<string, string | string[]>;

/** Calls the API as one signed-in caller: paths are under /api. */
export function callerOf(t: { app: FastifyInstance }, authorization: string) {
  const headers = { authorization };
  return {
    get: (path: string, query?: TQuery) => t.app.inject({ method: 'GET', url: `/api${path}`, query, headers }),
    post: (path: string, payload?: object) => t.app.inject({ method: 'POST', url: `/api${path}`, payload, headers }),
    put: (path: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api${path}`, payload, headers }),
    delete: (path: string) => t.app.inject({ method: 'DELETE', url: `/api${path}`, headers }),
  };
}

export type TCaller = ReturnType<typeof callerOf>;

/**
 * A user of `entityId` whose entitiesAccessList is that entity alone (as the
 * demo users'), signed in, as a caller.
 */
export async function limitedCallerOf(
  t: { app: FastifyInstance; db: TDatabase },
  entityId: number,
  permissions: TPermission[],
): Promise<TCaller> {
  const signedIn = await signInNewUser(t, { entityId, entitiesAccessList: [entityId], permissions });
  return callerOf(t, signedIn.authorization);
}
