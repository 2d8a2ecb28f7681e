import type { TEntitySearchItem } from '@mip/shared';
import type { TFunction } from 'i18next';
import { NoValue } from '../../components/display';
import type { TColumn } from '../../components/table/DataTable';
import { ActiveBadge } from './ActiveBadge';
import { EntityLink } from './EntityLink';

/**
 * The columns of a list of entities, for the entity list and an entity's sub-entities alike;
 * the parent only where the entities are not all children of one.
 */
export function entityColumns(t: TFunction, { withParent }: { withParent: boolean }): TColumn<TEntitySearchItem>[] {
  return [
    {
      key: 'name',
      card: 'title',
      title: t('entities.fields.name'),
      sortProperty: 'name',
      render: (entity) => <EntityLink entity={entity} fw={600} />,
    },
    {
      key: 'vatNumber',
      title: t('entities.fields.vatNumber'),
      sortProperty: 'vatNumber',
      render: (entity) => entity.vatNumber ?? <NoValue />,
    },
    {
      key: 'profile',
      title: t('entities.fields.profile'),
      sortProperty: 'profileName',
      render: (entity) => entity.profile?.name ?? <NoValue />,
    },
    {
      key: 'parent',
      title: t('entities.fields.parent'),
      sortProperty: 'parentName',
      hidden: !withParent,
      render: (entity) => (entity.parent ? <EntityLink entity={entity.parent} /> : <NoValue />),
    },
    {
      key: 'children',
      card: 'hidden',
      title: t('entities.fields.childrenCount'),
      render: (entity) => entity.childrenCount,
    },
    {
      key: 'active',
      card: 'badge',
      title: t('entities.fields.status'),
      render: (entity) => <ActiveBadge active={entity.active} />,
    },
  ];
}
