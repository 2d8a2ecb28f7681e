import type { TDocumentOwnerKind } from '@mip/shared';
import type { TExecutor } from '../../db/database.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { eventRequestDocumentOwner } from '../event-requests/event-request-documents.ts';
import { eventDocumentOwner } from '../events/events.documents.ts';
import { mobilitySystemDocumentOwner } from '../mobility-systems/mobility-systems.documents.ts';

/**
 * What a domain says about the documents attached to its records. Documents
 * are one table for every domain (mobility systems now, incidents and event
 * requests later); each kind of owner decides who may see and change them.
 * Security-relevant: these checks are the only guard on a document's bytes.
 */
export interface TDocumentOwnerPolicy {
  /** Whether the record exists (and is visible to the caller at all): a document cannot be attached to nothing. */
  exists: (db: TExecutor, ownerId: number, auth: TAuthContext | null) => Promise<boolean>;
  canRead: (auth: TAuthContext) => boolean;
  canWrite: (auth: TAuthContext) => boolean;
  /** Documents of such records are shown to visitors too (GET /documents/public/{id}). */
  isPublic: boolean;
  /** When only some records of the kind are public (a live public event): whether this one is, now. */
  isPublicRecord?: (db: TExecutor, ownerId: number) => Promise<boolean>;
}

/** Adding a kind: add it to DOCUMENT_OWNER_KINDS in packages/shared and its policy here. */
export const DOCUMENT_OWNERS: Record<TDocumentOwnerKind, TDocumentOwnerPolicy> = {
  MOBILITY_SYSTEM: mobilitySystemDocumentOwner,
  EVENT: eventDocumentOwner,
  EVENT_REQUEST: eventRequestDocumentOwner,
};
