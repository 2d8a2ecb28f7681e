import type { FastifyInstance } from 'fastify';

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
