import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TEntity } from '@mip/shared';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { canAccess } from '../../app/routes';
import { DelayedLoader } from '../../components/DelayedLoader';
import { NoValue } from '../../components/display';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useSession } from '../auth/session-store';
import { ActiveBadge } from './ActiveBadge';
import { EntityLink } from './EntityLink';
import { EntityChildrenTable, EntityUsersTable } from './EntityRelatedTables';
import { canLinkToEntity } from './entity-links';
import { useCounties, useDistricts, useMyEntity, useParishes } from './useEntities';

/** The signed-in user's own entity, read-only, with its sub-entities and (with READ_USER) its users. */
export default function MyEntityPage() {
  const { t } = useTranslation();
  const session = useSession();
  const appPath = useAppPath();
  const entity = useMyEntity();

  if (entity.isPending) return <DelayedLoader />;
  if (entity.isError) return <RecordLoadFailure query={entity} notFoundText={t('entities.notFound')} />;
  const record = entity.data;
  const canOpenRecord = canLinkToEntity(session, record.id);
  const canReadUsers = canAccess({ all: ['READ_USER'] }, session);

  return (
    <Stack gap="lg" maw={1100}>
      <Card withBorder padding="lg" component="section" aria-labelledby="my-entity-name">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <div>
              <Title order={2} size="h3" id="my-entity-name">
                {record.name}
              </Title>
              <Group gap="xs" mt={6}>
                {record.profile && <Text c="dimmed">{record.profile.name}</Text>}
                <ActiveBadge active={record.active} />
              </Group>
            </div>
            {canOpenRecord && (
              <Button
                component={Link}
                to={appPath(`/entity/${record.id}`)}
                variant="light"
                leftSection={<IconExternalLink size={16} />}
              >
                {canAccess({ all: ['WRITE_ENTITY'] }, session) ? t('entities.mine.edit') : t('entities.mine.open')}
              </Button>
            )}
          </Group>
          <EntityDetails entity={record} />
        </Stack>
      </Card>
      <EntityChildrenTable entityId={record.id} />
      {canReadUsers && <EntityUsersTable entityId={record.id} />}
    </Stack>
  );
}

/** An entity's fields as a read-only list of labelled values. */
function EntityDetails({ entity }: { entity: TEntity }) {
  const { t } = useTranslation();
  const districts = useDistricts();
  const counties = useCounties(entity.districtId);
  const parishes = useParishes(entity.countyId);
  const nameOf = (items: { id: string; name: string }[] | undefined, id: string | null) =>
    id ? (items?.find((item) => item.id === id)?.name ?? id) : null;
  const facts: { key: string; label: string; value: ReactNode }[] = [
    { key: 'vatNumber', label: t('entities.fields.vatNumber'), value: entity.vatNumber },
    {
      key: 'parent',
      label: t('entities.fields.parent'),
      value: entity.parent ? <EntityLink entity={entity.parent} /> : null,
    },
    { key: 'email', label: t('entities.fields.email'), value: entity.email },
    { key: 'phone', label: t('entities.fields.phone'), value: entity.phone },
    { key: 'address', label: t('entities.fields.address'), value: entity.address },
    { key: 'postalCode', label: t('entities.fields.postalCode'), value: entity.postalCode },
    { key: 'district', label: t('entities.fields.district'), value: nameOf(districts.data, entity.districtId) },
    { key: 'county', label: t('entities.fields.county'), value: nameOf(counties.data, entity.countyId) },
    { key: 'parish', label: t('entities.fields.parish'), value: nameOf(parishes.data, entity.parishId) },
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="sm" m={0}>
      {facts.map((fact) => (
        <div key={fact.key}>
          <Text component="dt" size="sm" c="dimmed">
            {fact.label}
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {fact.value || <NoValue />}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
