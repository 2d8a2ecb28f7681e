import { z } from 'zod';
import { ZId, ZPageQuery, ZSearchText } from './common.ts';

/**
 * Every action and record type the server writes to the audit log. The server's
 * `recordAudit` accepts only these, and the web's catalogs must label each one
 * (`audit.actions.<ACTION>`, `audit.recordTypes.<type>`; a test checks both).
 */
export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'SIGN_IN',
  'SIGN_OUT',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'PASSWORD_RECOVERY_REQUESTED',
  'ACCOUNT_ACTIVATED',
  'ACTIVATION_MAIL_SENT',
  'IMPERSONATION_START',
  'IMPERSONATION_END',
  'GTFS_UPLOAD',
  'GTFS_IMPORT',
  'GTFS_IMPORT_CONFIRM',
  'GTFS_IMPORT_CANCEL',
  'REFRESH',
  'STATUS_CHANGE',
  'TRANSFER',
  'COMMENT',
  'ACCEPT',
  'REJECT',
  'GENERATE',
  'TEST_MESSAGE',
  'REPLAY',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RECORD_TYPES = [
  'user',
  'session',
  'configuration',
  'information',
  'entity',
  'entity_profile',
  'role',
  'document',
  'mobility_group',
  'mobility_system',
  'GTFS_FEED',
  'GTFS_IMPORT_JOB',
  'map_layer',
  'sprite',
  'traffic_feed',
  'event_category',
  'event',
  'event_request',
  'data_source',
  'dashboard',
  'report_template',
  'report_schedule',
  'report_job',
  'user_file',
  'help_article',
  'place_boundaries',
  'help_image',
  'rule_template',
  'application',
  'iot_queue',
  'iot_dead_letter',
] as const;
export type TAuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

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
