import { z } from 'zod';
import { ZPageQuery } from './common.ts';

/**
 * A user's notifications (spec 001 /notifications/): something finished or
 * needs them. The text comes from the catalogs (`notifications.types.<TYPE>`)
 * with `params` filled in, so it reads in the user's language at the time they look.
 */
export const NOTIFICATION_TYPES = [
  'REPORT_READY',
  'REPORT_FAILED',
  'GTFS_IMPORT_SUCCEEDED',
  'GTFS_IMPORT_FAILED',
  'EVENT_REQUEST_ASSIGNED',
] as const;
export type TNotificationType = (typeof NOTIFICATION_TYPES)[number];

export const ZNotification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** Where in the app it leads (a path), if anywhere. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationSearchQuery = ZPageQuery.extend({
  unread: z.enum(['true', 'false']).optional(),
});
