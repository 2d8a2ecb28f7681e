import { Anchor, Code, Drawer, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { can, type TAuditEntry, type TAuthSession } from '@mip/shared';
import { IconUserExclamation } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { NoValue } from '../../components/display';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { canLinkToEntity } from '../entities/entity-links';
import { diffAuditValues } from './audit-diff';

/** The screen of an audited record, when there is one and the user may open it. */
export function recordPath(entry: TAuditEntry, session: TAuthSession | null): string | null {
  const id = entry.recordId;
  if (!id || !/^\d+$/.test(id) || entry.action === 'DELETE') return null;
  switch (entry.recordType.toLowerCase().replace(/[-_]/g, '')) {
    case 'user':
      return can(session, { all: ['READ_USER'] }) ? `/user/${id}` : null;
    case 'entity':
      return canLinkToEntity(session, Number(id)) ? `/entity/${id}` : null;
    case 'role':
      return can(session, { any: ['READ_ROLE', 'WRITE_ROLE'] }) ? `/role/${id}` : null;
    case 'entityprofile':
      return can(session, { all: ['WRITE_ENTITY_PROFILE'] }) ? `/entity-profile/${id}` : null;
    case 'mobilitygroup':
      return can(session, { all: ['WRITE_MOBILITY_GROUP'] }) ? `/mobile-system-groups/${id}` : null;
    case 'mobilitysystem':
      return can(session, { all: ['WRITE_MOBILITY_SYSTEM'] }) ? `/mobile-systems/${id}` : null;
    default:
      return null;
  }
}

export function useAuditLabels() {
  const { t } = useTranslation();
  return {
    action: (action: string) => t(`audit.actions.${action}`, { defaultValue: action }),
    recordType: (type: string) => t(`audit.recordTypes.${type}`, { defaultValue: type }),
  };
}

/** Who did it: the user, or the real person and the user they were acting as. */
export function AuditActor({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation();
  if (!entry.user && !entry.impersonator) {
    return (
      <Text size="sm" c="dimmed">
        {t('audit.noUser')}
      </Text>
    );
  }
  if (!entry.impersonator) return <Text size="sm">{entry.user?.name}</Text>;
  return (
    <div>
      <Text size="sm" fw={600}>
        {entry.impersonator.name}
      </Text>
      <Text size="xs" c="dimmed" style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
        <IconUserExclamation size={14} aria-hidden />
        {t('audit.onBehalfOf', { name: entry.user?.name ?? t('audit.noUser') })}
      </Text>
    </div>
  );
}

const TOP = { verticalAlign: 'top' } as const;

/** One audit entry: its facts, and what changed field by field. */
export function AuditDetailsDrawer({ entry, onClose }: { entry: TAuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isWide = useMediaQuery('(min-width: 48em)', true);
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      position="right"
      size={isWide ? 'xl' : '100%'}
      title={
        <Title order={2} size="h4">
          {t('audit.detailsTitle')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('audit.closeDetails') }}
    >
      {entry && <AuditDetails entry={entry} />}
    </Drawer>
  );
}

function AuditDetails({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation();
  const session = useSession();
  const appPath = useAppPath();
  const labels = useAuditLabels();
  const rows = diffAuditValues(entry.before, entry.after);
  const path = recordPath(entry, session);
  const facts: { key: string; label: string; value: ReactNode }[] = [
    { key: 'at', label: t('audit.fields.at'), value: formatDateTime(entry.at, session?.timeZone) },
    { key: 'who', label: t('audit.fields.who'), value: <AuditActor entry={entry} /> },
    { key: 'action', label: t('audit.fields.action'), value: labels.action(entry.action) },
    { key: 'recordType', label: t('audit.fields.recordType'), value: labels.recordType(entry.recordType) },
    {
      key: 'recordId',
      label: t('audit.fields.recordId'),
      value: path ? (
        <Anchor component={Link} to={appPath(path)} inherit>
          {entry.recordId}
        </Anchor>
      ) : (
        entry.recordId
      ),
    },
    { key: 'ip', label: t('audit.fields.ip'), value: entry.ip },
  ];
  const side = (value: string | null) =>
    value === null ? (
      <NoValue />
    ) : (
      <Text component="pre" size="sm" m={0} ff="monospace" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    );

  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} verticalSpacing="sm" m={0}>
        {facts.map((fact) => (
          <div key={fact.key}>
            <Text component="dt" size="sm" c="dimmed">
              {fact.label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {fact.value || <NoValue />}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('audit.changesTitle')}
        </Title>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('audit.noChanges')}
          </Text>
        ) : (
          <Table withTableBorder withColumnBorders verticalSpacing="xs" aria-label={t('audit.changesTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="24%">{t('audit.fields.field')}</Table.Th>
                <Table.Th w="38%">{t('audit.fields.before')}</Table.Th>
                <Table.Th w="38%">{t('audit.fields.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.field || 'value'}>
                  <Table.Th scope="row" fw={500} style={TOP}>
                    {row.field ? <Code>{row.field}</Code> : t('audit.wholeValue')}
                    {!row.isChanged && (
                      <Text size="xs" c="dimmed">
                        {t('audit.unchanged')}
                      </Text>
                    )}
                  </Table.Th>
                  <Table.Td style={TOP}>{side(row.before)}</Table.Td>
                  <Table.Td style={TOP}>
                    {side(row.after)}
                    {(row.added?.length ?? 0) + (row.removed?.length ?? 0) > 0 && (
                      <Stack gap={2} mt="xs">
                        {row.added && row.added.length > 0 && (
                          <Text size="xs" fw={600}>
                            {t('audit.added', { items: row.added.join(', ') })}
                          </Text>
                        )}
                        {row.removed && row.removed.length > 0 && (
                          <Text size="xs" fw={600}>
                            {t('audit.removed', { items: row.removed.join(', ') })}
                          </Text>
                        )}
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}
