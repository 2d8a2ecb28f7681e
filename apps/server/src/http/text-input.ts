import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { fieldErrors } from './errors.ts';

/** With the u flag a whole surrogate pair is one code point, so this matches only half of one. */
const LONE_SURROGATE = /\p{Cs}/u;

const isUnstorable = (text: string) => text.includes('\0') || LONE_SURROGATE.test(text);

/** The property path of the first string PostgreSQL cannot store, '' for the value itself, or null. */
function findUnstorableText(value: unknown): string | null {
  // Iterative, so a deeply nested body cannot exhaust the stack.
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (isUnstorable(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => void pending.push([item, `${path}[${index}]`]));
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (isUnstorable(key)) return path;
        pending.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold NUL, and jsonb refuses a lone
 * surrogate: such input is refused here as a field error, before any handler,
 * rather than failing in the database with a 500.
 */
export function rejectUnstorableText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ];
  for (const [part, value] of parts) {
    const property = findUnstorableText(value);
    if (property !== null) {
      done(fieldErrors([{ property: property || part, error: 'INVALID_VALUE' }]));
      return;
    }
  }
  done();
}
