import type { TDashboard, TDashboardInput, TDashboardRestrictions, TDashboardStatus } from '@mip/shared';
import type { TOption } from '../../../components/select/RemoteSelect';
import { searchEntities } from '../../entities/EntitySelect';
import { searchProfileOptions } from '../../entity-profiles/EntityProfileSelect';
import { searchRoleOptions } from '../../roles/RoleMultiSelect';
import { type TWidgetForm, toWidgetForm, toWidgetInput } from './widget-form';

type TRestrictionKey = keyof TDashboardRestrictions;
/** The restrictions with their names, so chosen records show as named pills. */
export type TRestrictionOptions = Record<TRestrictionKey, TOption[]>;

export interface TDashboardFormValues {
  name: string;
  description: string;
  isPublic: boolean;
  status: TDashboardStatus;
  restrictions: TRestrictionOptions;
  widgets: TWidgetForm[];
}

export const EMPTY_DASHBOARD: TDashboardFormValues = {
  name: '',
  description: '',
  isPublic: false,
  status: 'REVISION',
  restrictions: { profileIds: [], roleIds: [], entityIds: [] },
  widgets: [],
};

/** How each restriction finds its records by name (and names the chosen ids). */
export const RESTRICTION_SEARCHES: Record<TRestrictionKey, (text: string, ids?: number[]) => Promise<TOption[]>> = {
  profileIds: searchProfileOptions,
  roleIds: searchRoleOptions,
  entityIds: searchEntities,
};

/** A dashboard to edit: the record and the names of the profiles, roles and entities it is restricted to. */
export interface TEditedDashboard {
  id: number;
  name: string;
  dashboard: TDashboard;
  restrictions: TRestrictionOptions;
}

/** Names the restriction ids; an id the user cannot see any more keeps a placeholder name rather than vanishing. */
export async function nameRestrictions(restrictions: TDashboardRestrictions): Promise<TRestrictionOptions> {
  const named = async (key: TRestrictionKey): Promise<TOption[]> => {
    const ids = restrictions[key];
    if (ids.length === 0) return [];
    const found = await RESTRICTION_SEARCHES[key]('', ids);
    return ids.map((id) => found.find((option) => option.id === id) ?? { id, name: `#${id}` });
  };
  const [profileIds, roleIds, entityIds] = await Promise.all([
    named('profileIds'),
    named('roleIds'),
    named('entityIds'),
  ]);
  return { profileIds, roleIds, entityIds };
}

export function toDashboardFormValues({ dashboard, restrictions }: TEditedDashboard): TDashboardFormValues {
  return {
    name: dashboard.name,
    description: dashboard.description,
    isPublic: dashboard.isPublic,
    status: dashboard.status,
    restrictions,
    widgets: dashboard.widgets.map(toWidgetForm),
  };
}

const idsOf = (options: TOption[]) => options.map((option) => option.id);

/** The values as the API takes them; the widgets in their order. */
export function toDashboardInput(values: TDashboardFormValues): TDashboardInput {
  return {
    name: values.name,
    description: values.description,
    isPublic: values.isPublic,
    status: values.status,
    restrictions: {
      profileIds: idsOf(values.restrictions.profileIds),
      roleIds: idsOf(values.restrictions.roleIds),
      entityIds: idsOf(values.restrictions.entityIds),
    },
    widgets: values.widgets.map(toWidgetInput),
  };
}
