import { z } from 'zod';
import { ZId, ZPageQuery, ZSearchText } from './common.ts';

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The real person when the change was made while impersonating. */
  impersonator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  recordType: z.string(),
  recordId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(['at']).optional(),
  userId: ZId.optional(),
  recordType: z.string().max(64).optional(),
  recordId: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  /** ISO instants; `to` is exclusive. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  universalSearch: ZSearchText,
});
export type TAuditSearchQuery = z.infer<typeof ZAuditSearchQuery>;

/** The distinct values the filters offer. */
export const ZAuditFacets = z.object({ recordTypes: z.array(z.string()), actions: z.array(z.string()) });
