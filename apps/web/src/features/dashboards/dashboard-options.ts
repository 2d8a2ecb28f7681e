import type { TDashboardSummary, TPagedList } from '@mip/shared';
import { api } from '../../api/client';
import { DROPDOWN_PAGE_SIZE, type TOption } from '../../components/select/RemoteSelect';

/** Dashboards for a dropdown (a system's card dashboard): those matching the text, or the ones named. */
export async function searchDashboardOptions(text: string, ids?: number[]): Promise<TOption[]> {
  const page = await api.get<TPagedList<TDashboardSummary>>('dashboards/search', {
    universalSearch: text,
    ids: ids?.join(','),
    itemsPerPage: DROPDOWN_PAGE_SIZE,
    sortProperty: 'name',
    sortDirection: 'ASC',
  });
  return page.content.map((dashboard) => ({ id: dashboard.id, name: dashboard.name }));
}
