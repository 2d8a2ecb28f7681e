import type { MultiSelectProps } from '@mantine/core';
import { RemoteMultiSelect } from '../../components/select/RemoteMultiSelect';
import { DROPDOWN_PAGE_SIZE, type TOption } from '../../components/select/RemoteSelect';
import { searchRoles } from './useRoles';

export async function searchRoleOptions(text: string, ids?: number[]): Promise<TOption[]> {
  const page = await searchRoles({
    universalSearch: text,
    ids,
    itemsPerPage: DROPDOWN_PAGE_SIZE,
    sortProperty: 'name',
    sortDirection: 'ASC',
  });
  return page.content.map((role): TOption => ({ id: role.id, name: role.name }));
}

/** Several roles, found by typing part of a name. */
export function RoleMultiSelect({
  value,
  onChange,
  ...props
}: Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  value: TOption[];
  onChange: (value: TOption[]) => void;
}) {
  return (
    <RemoteMultiSelect queryKey={['roles']} search={searchRoleOptions} value={value} onChange={onChange} {...props} />
  );
}
