import { can, type TAuthSession } from '@mip/shared';

type TLinkSubject = Pick<TAuthSession, 'type' | 'role' | 'entitiesAccessList'>;

/**
 * Spec 000 §6: a link to an entity appears only with READ_ENTITY, and only when
 * the user's entitiesAccessList is empty (no limit) or names that entity.
 * The server still decides what each call may read; this only avoids links
 * that would lead to a refusal.
 */
export function canLinkToEntity(session: TLinkSubject | null | undefined, entityId: number): boolean {
  if (!session || !can(session, { all: ['READ_ENTITY'] })) return false;
  return session.entitiesAccessList.length === 0 || session.entitiesAccessList.includes(entityId);
}
