import type { TEntityProfile } from '@mip/shared';

export type TEntityProfileRow = {
  id: number;
  name: string;
  description: string;
  roles: { id: number; name: string }[];
  entities_count: number;
};

export function toEntityProfile(row: TEntityProfileRow): TEntityProfile {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    roles: row.roles,
    entitiesCount: row.entities_count,
  };
}

/** What the audit log keeps of a profile. */
export function toEntityProfileRecord(profile: { name: string; description: string }, roleIds: number[]) {
  return { name: profile.name, description: profile.description, roleIds: [...roleIds].sort((a, b) => a - b) };
}
