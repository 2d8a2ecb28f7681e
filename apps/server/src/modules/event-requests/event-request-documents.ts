import { can } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TDocumentOwnerPolicy } from '../documents/document-owners.ts';
import { requestInScopeSql } from './event-request-scope.ts';

/**
 * The photos of a citizen report: staff of the Events console who handle the
 * report (its category's entity is in their scope) see and manage them; they
 * never reach the public (a reporter's photo may show people or plates).
 * The reports module stores them itself when a report arrives.
 */
export const eventRequestDocumentOwner: TDocumentOwnerPolicy = {
  exists: async (db, ownerId, auth) => {
    if (!auth) return false;
    const { rows } = await db.execute(sql`
      select 1 from event_requests r join event_categories c on c.id = r.category_id
       where r.id = ${ownerId} ${requestInScopeSql(auth, { prefix: 'and' })}`);
    return rows.length > 0;
  },
  canRead: (auth) => can(auth, { all: ['MANAGE_EVENTS'] }),
  canWrite: (auth) => can(auth, { all: ['MANAGE_EVENTS'] }),
  isPublic: false,
};
