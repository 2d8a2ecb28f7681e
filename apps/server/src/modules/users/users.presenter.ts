import type { TLanguage, TUser, TUserListItem, TUserStatus } from '@mip/shared';
import { toIsoTimestamp, toIsoTimestampOrNull } from '../../lib/timestamps.ts';

export type TUserListRow = {
  id: number;
  name: string;
  email: string;
  entity_id: number;
  entity_name: string;
  role_id: number;
  role_name: string;
  status: TUserStatus;
  last_login_at: Date | string | null;
  ballot_number: string | null;
  type: string;
};

export type TUserRow = TUserListRow & {
  language: string;
  time_zone: string;
  receive_notifications: boolean;
  entities_access_list: number[];
  is_activated: boolean;
  created_at: Date | string;
  updated_at: Date | string;
};

export function toUserListItem(row: TUserListRow): TUserListItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    entityId: row.entity_id,
    entityName: row.entity_name,
    roleId: row.role_id,
    roleName: row.role_name,
    status: row.status,
    lastLoginTimestamp: toIsoTimestampOrNull(row.last_login_at),
    ballotNumber: row.ballot_number,
    type: row.type,
  };
}

export function toUser(row: TUserRow): TUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    type: row.type,
    status: row.status,
    entity: { id: row.entity_id, name: row.entity_name },
    role: { id: row.role_id, name: row.role_name },
    language: row.language as TLanguage,
    timeZone: row.time_zone,
    receiveNotifications: row.receive_notifications,
    entitiesAccessList: row.entities_access_list,
    ballotNumber: row.ballot_number,
    lastLoginTimestamp: toIsoTimestampOrNull(row.last_login_at),
    isActivated: row.is_activated,
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
  };
}

/** What the audit log keeps of a user: the form's fields, never the password hash. */
export function toUserRecord(user: {
  name: string;
  email: string;
  entityId: number;
  roleId: number;
  status: string;
  type: string;
  language: string;
  timeZone: string;
  receiveNotifications: boolean;
  entitiesAccessList: number[];
  ballotNumber: string | null;
}) {
  return {
    name: user.name,
    email: user.email,
    entityId: user.entityId,
    roleId: user.roleId,
    status: user.status,
    type: user.type,
    language: user.language,
    timeZone: user.timeZone,
    receiveNotifications: user.receiveNotifications,
    entitiesAccessList: user.entitiesAccessList,
    ballotNumber: user.ballotNumber,
  };
}
