import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export type TApiRoute = FastifyInstance['apiRoutes'][number];

export const routeLabel = (route: TApiRoute) => `${route.method} ${route.url}`;

/** A JSON schema node, as zod describes a route's input. */
interface TJsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: TJsonSchema;
  properties?: Record<string, TJsonSchema>;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  default?: unknown;
}

/** The JSON schema of one part (body, querystring, params) of a route's declared zod schema, or null. */
export function inputSchemaOf(route: TApiRoute, part: 'body' | 'querystring' | 'params'): TJsonSchema | null {
  const schema = route.schema?.[part];
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as TJsonSchema;
}

export function propertiesOf(schema: TJsonSchema | null): Record<string, TJsonSchema> {
  return schema?.properties ?? {};
}

/** A value the schema would plausibly accept, so a mutation of one field is the only thing wrong. */
export function sampleValue(schema: TJsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'sample';
  if (schema.enum) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (alternative) return sampleValue(alternative, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email' || /email/i.test(name)) return 'robust@test.example';
      // A password that meets the rule, so the handler behind the validation is reached too.
      if (/password/i.test(name)) return 'Robust-Sample-77';
      return 'x'.repeat(Math.min(Math.max(schema.minLength ?? 0, 12), schema.maxLength ?? 12));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sampleValue(schema.items));
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sampleValue(property, key)]),
      );
    default:
      return 'sample';
  }
}

/** The route's URL with each `:param` replaced by what `valueFor` answers for it. */
export function fillPath(url: string, valueFor: (param: string) => string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_match, param: string) => encodeURIComponent(valueFor(param)));
}

export function paramNamesOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
}

/** A path that reaches the route's handler as far as its params go. */
export function plausiblePath(route: TApiRoute): string {
  const params = propertiesOf(inputSchemaOf(route, 'params'));
  return fillPath(route.url, (param) => String(sampleValue(params[param], param)));
}
