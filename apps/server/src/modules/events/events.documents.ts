import { can } from '@mip/shared';
import type { TDocumentOwnerPolicy } from '../documents/document-owners.ts';
import { isEventInScope, isEventVisibleToPublic } from './events.service.ts';

/**
 * An event's photos and files: the Events console (MANAGE_EVENTS) reads them
 * within its entities, WRITE_EVENT adds and removes them. Visitors see them
 * on the incident card, and only while the event itself is visible to them.
 */
export const eventDocumentOwner: TDocumentOwnerPolicy = {
  exists: (db, ownerId, auth) => (auth ? isEventInScope(db, auth, ownerId) : isEventVisibleToPublic(db, ownerId)),
  canRead: (auth) => can(auth, { all: ['MANAGE_EVENTS'] }),
  canWrite: (auth) => can(auth, { all: ['MANAGE_EVENTS', 'WRITE_EVENT'] }),
  isPublic: true,
  isPublicRecord: (db, ownerId) => isEventVisibleToPublic(db, ownerId),
};
