/**
 * Every permission the platform knows, grouped by area. The groups drive the
 * role editor; the strings are the spec's and are stored as they are.
 */
export const PERMISSION_GROUPS = {
  entities: ['READ_ENTITY', 'READ_OWN_ENTITY', 'WRITE_ENTITY', 'WRITE_ENTITY_PROFILE'],
  users: ['READ_USER', 'WRITE_USER', 'IMPERSONATE_USER'],
  roles: ['READ_ROLE', 'WRITE_ROLE'],
  events: ['MANAGE_EVENTS', 'WRITE_EVENT', 'MANAGE_EVENT_CATEGORIES'],
  mobility: ['WRITE_MOBILITY_GROUP', 'WRITE_MOBILITY_SYSTEM', 'IMPORT_GTFS_FILE'],
  dashboards: ['READ_DASHBOARD', 'MANAGE_DASHBOARDS', 'MANAGE_DATASOURCES'],
  reports: ['GENERATE_REPORTS', 'MANAGE_REPORTS'],
  map: ['MANAGE_LAYERS', 'MANAGE_SPRITES'],
  iot: ['MANAGE_MESSAGE_QUEUES', 'MANAGE_RULE_TEMPLATES'],
  settings: ['WRITE_CONFIGURATION', 'READ_AUDIT_LOG', 'WRITE_HELP'],
} as const;

export type TPermission = (typeof PERMISSION_GROUPS)[keyof typeof PERMISSION_GROUPS][number];

export const PERMISSIONS: readonly TPermission[] = Object.values(PERMISSION_GROUPS).flat();

export const USER_TYPES = ['NORMAL'] as const;
export type TUserType = (typeof USER_TYPES)[number];

/** What a permission check needs to know about the caller. */
export interface TPermissionSubject {
  type: TUserType | string;
  role: { permissions: readonly string[] };
}

/**
 * A permission rule as the spec describes it: all or any of a list, possibly
 * inverted, and passing anyway for the listed user types.
 */
export interface TPermissionRule {
  all?: readonly TPermission[];
  any?: readonly TPermission[];
  not?: boolean;
  userTypes?: readonly string[];
}

/**
 * The one permission check of the platform, used by the server's route guard
 * and by the web app's menus and buttons. Security-relevant: the server relies
 * on it to refuse writes, so keep it total and side-effect free.
 */
export function can(subject: TPermissionSubject | null | undefined, rule: TPermissionRule): boolean {
  if (!subject) return false;
  if (rule.userTypes?.includes(subject.type)) return true;
  const held = new Set(subject.role.permissions);
  let passes = true;
  if (rule.all && rule.all.length > 0) passes = rule.all.every((p) => held.has(p));
  if (passes && rule.any && rule.any.length > 0) passes = rule.any.some((p) => held.has(p));
  return rule.not ? !passes : passes;
}

/**
 * Whether the caller holds every one of these permissions, so may hand them
 * on (a role, a user's role, an impersonation). Security-relevant: nobody
 * grants more than they hold.
 */
export function canGrant(subject: TPermissionSubject | null | undefined, permissions: readonly string[]): boolean {
  if (!subject) return false;
  const held = new Set(subject.role.permissions);
  return permissions.every((permission) => held.has(permission));
}

export function isPermission(value: string): value is TPermission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
