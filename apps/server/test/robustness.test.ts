import { PERMISSIONS } from '@mip/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApplication, createUser, openTestSessions } from './factories.ts';
import {
  fillPath,
  inputSchemaOf,
  paramNamesOf,
  plausiblePath,
  propertiesOf,
  routeLabel,
  sampleValue,
  type TApiRoute,
} from './route-inputs.ts';
import { useTestApp } from './test-app.ts';

/**
 * Every route gets malformed input generated from its own declared schema,
 * from a caller who holds every permission (so no guard answers first). The
 * answer may be any 2xx, 3xx or 4xx, always in the spec's error shape for
 * errors; never a 5xx.
 */

interface TProbe {
  what: string;
  url: string;
  query?: Record<string, string | string[]>;
  payload?: string | Buffer;
  contentType?: string;
  /** Sent instead of the session's bearer header. */
  authorization?: string;
}

const GARBAGE = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999',
  '9'.repeat(40),
  'x'.repeat(600),
  ' ',
  'null',
  "' or 1=1 --",
  '../../etc/passwd',
  '\u0000',
  '😀',
  // Long enough to pass minimum lengths, so the handler sees them.
  '%'.repeat(12),
  '\u0000'.repeat(12),
  "x'; select pg_sleep(1); --",
  '😀'.repeat(12),
];
const RAW_PATH_GARBAGE = ['%E0%A4%A', '%00', '%'];
const QUERY_GARBAGE = ['abc', '-1', '99999999999', 'x'.repeat(600), '', '1,2,abc', 'true', '\u0000', '\ud800'];
const WRONG_VALUES: unknown[] = [
  12345,
  -1,
  1.5,
  true,
  null,
  {},
  [],
  'x'.repeat(600),
  'x'.repeat(200_000),
  { $ne: null },
  ['a', 1, null],
  // PostgreSQL text cannot hold NUL; a lone surrogate is not valid UTF-8.
  'robust\u0000@test.example',
  'Ana\ud800 Ferreira',
];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function pathProbes(route: TApiRoute): TProbe[] {
  const params = paramNamesOf(route.url);
  if (params.length === 0) return [{ what: 'the plain path', url: route.url }];
  const plausible = propertiesOf(inputSchemaOf(route, 'params'));
  const probes: TProbe[] = [{ what: 'plausible params', url: plausiblePath(route) }];
  for (const garbage of GARBAGE) {
    probes.push({
      what: `every param = ${JSON.stringify(garbage.slice(0, 20))}`,
      url: fillPath(route.url, () => garbage),
    });
    for (const param of params) {
      const url = fillPath(route.url, (name) =>
        name === param ? garbage : String(sampleValue(plausible[name], name)),
      );
      probes.push({ what: `:${param} = ${JSON.stringify(garbage.slice(0, 20))}`, url });
    }
  }
  for (const raw of RAW_PATH_GARBAGE) {
    probes.push({ what: `raw ${raw} in the path`, url: route.url.replace(/:[A-Za-z0-9_]+/g, raw) });
  }
  return probes;
}

function queryProbes(route: TApiRoute): TProbe[] {
  const url = plausiblePath(route);
  const properties = propertiesOf(inputSchemaOf(route, 'querystring'));
  const base = Object.fromEntries(
    Object.entries(properties).map(([key, schema]) => [key, String(sampleValue(schema, key))]),
  );
  const probes: TProbe[] = [
    { what: 'a plausible query', url, query: base },
    {
      what: 'unknown and hostile query keys',
      url: `${url}?unknown=abc&currentPage=-1&itemsPerPage=99999999999&__proto__=x&constructor[prototype][x]=1`,
    },
  ];
  for (const key of Object.keys(properties)) {
    for (const garbage of QUERY_GARBAGE) {
      probes.push({ what: `?${key}=${JSON.stringify(garbage.slice(0, 20))}`, url, query: { ...base, [key]: garbage } });
    }
    probes.push({ what: `?${key} repeated`, url, query: { ...base, [key]: ['1', 'abc'] } });
  }
  return probes;
}

function headerProbes(route: TApiRoute): TProbe[] {
  const url = plausiblePath(route);
  return [
    'Bearer',
    'Bearer ',
    `Bearer ${'x'.repeat(5000)}`,
    `Bearer ${'A'.repeat(64)}`,
    "Bearer a'b;--a'b;--a'b;--a'b;--",
    'Basic YWRtaW46YWRtaW4=',
    'bearer\u0000token',
  ].map((authorization) => ({ what: `authorization "${authorization.slice(0, 20)}"`, url, authorization }));
}

/** Every path into a sample value (objects' keys, arrays' first item), outermost first. */
function pathsInto(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.length === 0 ? [] : [[...prefix, 0], ...pathsInto(value[0], [...prefix, 0])];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => [[...prefix, key], ...pathsInto(child, [...prefix, key])]);
  }
  return [];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

function bodyProbes(route: TApiRoute): TProbe[] {
  if (!BODY_METHODS.has(route.method)) return [];
  const url = plausiblePath(route);
  const json = (what: string, payload: string): TProbe => ({ what, url, payload, contentType: 'application/json' });
  const sample = sampleValue(inputSchemaOf(route, 'body') ?? { type: 'object' });
  const probes: TProbe[] = [
    json('broken JSON', '{"name": '),
    json('null', 'null'),
    json('an array', '[1, "two", {}]'),
    json('an empty object', '{}'),
    json('an empty body', ''),
    json('a 200 KB string', JSON.stringify('x'.repeat(200_000))),
    json('a 2 MB body', JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) })),
    json('deeply nested arrays', `${'['.repeat(10_000)}${']'.repeat(10_000)}`),
    json('a prototype-poisoning body', '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}'),
    json('a plausible body', JSON.stringify(sample)),
    { what: 'a text/plain body', url, payload: 'hello', contentType: 'text/plain' },
    {
      what: 'JSON that is not UTF-8',
      url,
      payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      contentType: 'application/json',
    },
    { what: 'JSON in an odd charset', url, payload: '{}', contentType: 'application/json; charset=latin1' },
    { what: 'a form body', url, payload: 'email=a%40b.c&password=x', contentType: 'application/x-www-form-urlencoded' },
  ];
  for (const path of pathsInto(sample)) {
    for (const wrong of WRONG_VALUES) {
      const shown = JSON.stringify(wrong).slice(0, 20);
      probes.push(json(`body.${path.join('.')} = ${shown}`, JSON.stringify(replaceAt(sample, path, wrong))));
    }
  }
  return probes;
}

/** Open311 (GeoReport v2) speaks its own error shape: `[{code, description}]`, code being the HTTP status. */
const isOpen311Error = (body: unknown, status: number) =>
  Array.isArray(body) &&
  body.length > 0 &&
  body.every((entry) => entry?.code === status && typeof entry?.description === 'string');

/** Why an answer is unacceptable, or null when it is fine. */
function problemWith(response: LightMyRequestResponse, route: TApiRoute): string | null {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return null;
  try {
    const body = response.json();
    // The router refuses a malformed path before any route (and its Open311 error handler) is chosen.
    if (route.url.startsWith('/api/open311/') && isOpen311Error(body, response.statusCode)) return null;
    return typeof body.code === 'string' && typeof body.message === 'string'
      ? null
      : `${response.statusCode} without the error shape: ${response.body.slice(0, 200)}`;
  } catch {
    return `${response.statusCode} with a body that is not JSON: ${response.body.slice(0, 200)}`;
  }
}

const t = useTestApp();
let userId: number;
beforeAll(async () => {
  userId = (await createUser(t.db, { permissions: [...PERMISSIONS] })).id;
  // Id 1, the id plausible params name, so routes of one application get past "not found".
  await createApplication(t.db, [{ name: 'app.appTitle', value: '"Robustez"' }]);
});

describe('malformed input never breaks a route', () => {
  it('has routes to probe', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(10);
  });

  // The table is only filled once the app is built, so each route is probed inside one test that walks it.
  it('answers every probe of every route below 500, with the spec error shape', async () => {
    const problems: string[] = [];
    let probeCount = 0;
    for (const route of t.app.apiRoutes) {
      const probes = [...pathProbes(route), ...queryProbes(route), ...headerProbes(route), ...bodyProbes(route)];
      // A session per probe, so the logout route cannot end the session of the next one.
      const probeSessions = await openTestSessions(t.db, userId, probes.length);
      for (const [index, probe] of probes.entries()) {
        const { authorization } = probeSessions[index];
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: probe.url,
          query: probe.query,
          payload: probe.payload,
          headers: {
            authorization: probe.authorization ?? authorization,
            ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
          },
        });
        probeCount++;
        const problem = problemWith(response, route);
        if (problem) problems.push(`${routeLabel(route)} with ${probe.what}: ${problem}`);
      }
    }
    expect(probeCount).toBeGreaterThan(t.app.apiRoutes.length * 5);
    expect(problems).toEqual([]);
    // About 20,000 requests: 20 s alone on an idle machine, several times that beside other test files on busy cores.
  }, 400_000);
});
