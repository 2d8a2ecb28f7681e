import type { MultiSelectProps } from '@mantine/core';
import { RemoteMultiSelect } from '../../components/select/RemoteMultiSelect';
import { DROPDOWN_PAGE_SIZE, type TOption } from '../../components/select/RemoteSelect';
import { searchRoles } from './useRoles';

export async function searchRoleOptions(text: string, ids?: number[], onlyGrantable = false): Promise<TOption[]> {
  const page = await searchRoles({
    universalSearch: text,
    ids,
    excludeUnavailableForUser: onlyGrantable || undefined,
    itemsPerPage: DROPDOWN_PAGE_SIZE,
    sortProperty: 'name',
    sortDirection: 'ASC',
  });
  return page.content.map((role): TOption => ({ id: role.id, name: role.name }));
}

/**
 * Several roles, found by typing part of a name; with `onlyGrantable`, only
 * those whose every permission the signed-in user holds (the server refuses
 * the others).
 */
export function RoleMultiSelect({
  onlyGrantable = false,
  value,
  onChange,
  ...props
}: Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  onlyGrantable?: boolean;
  value: TOption[];
  onChange: (value: TOption[]) => void;
}) {
  return (
    <RemoteMultiSelect
      queryKey={['roles', onlyGrantable]}
      search={(text) => searchRoleOptions(text, undefined, onlyGrantable)}
      value={value}
      onChange={onChange}
      {...props}
    />
  );
}
