import type { SelectProps } from '@mantine/core';
import type { TPagedList, TRole } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { DROPDOWN_PAGE_SIZE, RemoteSelect, type TOption } from '../../components/select/RemoteSelect';

/**
 * The roles a user of `entityId` may be given (its profile's roles), and only
 * those the signed-in user could grant when `onlyGrantable` is set.
 */
export function RoleSelect({
  entityId,
  onlyGrantable = false,
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  entityId: number | null;
  onlyGrantable?: boolean;
  value: number | null;
  onChange: (value: number | null, option: TOption | null) => void;
}) {
  const { t } = useTranslation();
  const search = async (text: string, ids?: number[]) => {
    const page = await api.get<TPagedList<TRole>>('roles/search-for-user', {
      userEntityId: entityId ?? undefined,
      excludeUnavailableForUser: onlyGrantable,
      universalSearch: text,
      ids,
      itemsPerPage: DROPDOWN_PAGE_SIZE,
      sortProperty: 'name',
      sortDirection: 'ASC',
    });
    return page.content.map((role) => ({ id: role.id, name: role.name }));
  };
  return (
    <RemoteSelect
      queryKey={['roles', 'for-user', entityId, onlyGrantable]}
      search={search}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('table.noResults')}
      {...props}
    />
  );
}
