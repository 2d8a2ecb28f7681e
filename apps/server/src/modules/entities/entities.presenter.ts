import type { TEntity, TEntitySearchItem } from '@mip/shared';
import { toIsoTimestamp } from '../../lib/timestamps.ts';

export type TEntitySearchRow = {
  id: number;
  name: string;
  vat_number: string | null;
  active: boolean;
  profile_id: number | null;
  profile_name: string | null;
  /** Null too when the parent lies outside the caller's scope: its name is not theirs to see. */
  parent_id: number | null;
  parent_name: string | null;
  children_count: number;
};

export type TEntityRow = TEntitySearchRow & {
  email: string | null;
  phone: string | null;
  address: string | null;
  postal_code: string | null;
  district_id: string | null;
  county_id: string | null;
  parish_id: string | null;
  users_count: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

export function toEntitySearchItem(row: TEntitySearchRow): TEntitySearchItem {
  return {
    id: row.id,
    name: row.name,
    vatNumber: row.vat_number,
    parent: ref(row.parent_id, row.parent_name),
    profile: ref(row.profile_id, row.profile_name),
    active: row.active,
    childrenCount: row.children_count,
  };
}

export function toEntity(row: TEntityRow): TEntity {
  return {
    id: row.id,
    name: row.name,
    vatNumber: row.vat_number,
    profile: ref(row.profile_id, row.profile_name),
    parent: ref(row.parent_id, row.parent_name),
    email: row.email,
    phone: row.phone,
    address: row.address,
    postalCode: row.postal_code,
    districtId: row.district_id,
    countyId: row.county_id,
    parishId: row.parish_id,
    active: row.active,
    childrenCount: row.children_count,
    usersCount: row.users_count,
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
  };
}

/** What the audit log keeps of an entity: its own fields, as stored. */
export function toEntityRecord(entity: {
  name: string;
  vatNumber: string | null;
  profileId: number | null;
  parentId: number | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  postalCode: string | null;
  districtId: string | null;
  countyId: string | null;
  parishId: string | null;
  active: boolean;
}) {
  const { name, vatNumber, profileId, parentId, email, phone, address, postalCode, districtId, countyId, parishId } =
    entity;
  return {
    name,
    vatNumber,
    profileId,
    parentId,
    email,
    phone,
    address,
    postalCode,
    districtId,
    countyId,
    parishId,
    active: entity.active,
  };
}
