import type { TRole } from '@mip/shared';

export type TRoleRow = {
  id: number;
  name: string;
  description: string;
  permissions: string[];
  users_count: number;
};

export function toRole(row: TRoleRow): TRole {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    usersCount: row.users_count,
  };
}

/** What the audit log keeps of a role. */
export function toRoleRecord(role: { name: string; description: string; permissions: string[] }) {
  return { name: role.name, description: role.description, permissions: role.permissions };
}
