import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TRuleState, TRuleSystem } from '@mip/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { confirmAction } from '../../components/confirm';
import { NoValue } from '../../components/display';
import { notify } from '../../components/notify';
import { RemoteMultiSelect } from '../../components/select/RemoteMultiSelect';
import type { TOption } from '../../components/select/RemoteSelect';
import { showServerError } from '../../components/server-errors';
import { TitledSection } from '../../components/TitledSection';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { formatDateTime, INCIDENT_DATE_FORMAT } from '../../lib/dates';
import { formatNumber } from '../../lib/numbers';
import { useSession } from '../auth/session-store';
import { MobilityGroupSelect } from '../mobility-groups/MobilityGroupSelect';
import { applyRuleTemplate, removeRuleSystem, searchRuleCandidateOptions, useRuleSystems } from './useRuleTemplates';

const SYSTEMS_PAGE_SIZE = 10;
const STATE_COLOURS: Record<TRuleState, string> = {
  IDLE: 'gray',
  TRIGGERING: 'yellow',
  ACTIVE: 'red',
  CLEARING: 'orange',
};

export function RuleStateBadge({ state }: { state: TRuleState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={STATE_COLOURS[state]} tt="none" size="md" miw="max-content">
      {t(`ruleTemplates.states.${state}`)}
    </Badge>
  );
}

/**
 * The systems a saved rule watches: apply it to more (one by one, offered only
 * those with its IOT parameter, or a whole group), see where it stands, remove.
 */
export function RuleSystemsPanel({ ruleId, parameterName }: { ruleId: number; parameterName: string }) {
  const { t, i18n } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [systems, setSystems] = useState<TOption[]>([]);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [isApplying, setIsApplying] = useState(false);
  const list = useRuleSystems(ruleId, { currentPage: page, itemsPerPage: SYSTEMS_PAGE_SIZE });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['rule-templates'] });

  const handleApply = async () => {
    setIsApplying(true);
    try {
      const result = await applyRuleTemplate(ruleId, { systemIds: systems.map((system) => system.id), groupId });
      notify({
        kind: result.applied > 0 ? 'success' : 'warning',
        title: t('ruleTemplates.applied', { count: result.applied }),
        message: [
          result.alreadyApplied > 0 ? t('ruleTemplates.alreadyApplied', { count: result.alreadyApplied }) : null,
          result.withoutParameter > 0 ? t('ruleTemplates.withoutParameter', { count: result.withoutParameter }) : null,
        ]
          .filter(Boolean)
          .join(' '),
      });
      setSystems([]);
      setGroupId(null);
      await refresh();
    } catch (error) {
      showServerError(t, error);
    } finally {
      setIsApplying(false);
    }
  };

  const handleRemove = async (system: TRuleSystem) => {
    const isConfirmed = await confirmAction({
      title: t('ruleTemplates.removeTitle'),
      message: t('ruleTemplates.removeMessage', { name: system.name }),
      confirmLabel: t('ruleTemplates.remove'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    try {
      await removeRuleSystem(ruleId, system.id);
      await refresh();
    } catch (error) {
      showServerError(t, error);
    }
  };

  const columns: TColumn<TRuleSystem>[] = [
    {
      key: 'name',
      card: 'title',
      title: t('ruleTemplates.fields.system'),
      render: (system) => (
        <Stack gap={0}>
          <Anchor component={Link} to={appPath(`/mobile-systems/${system.id}`)} size="sm" fw={600}>
            {system.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {system.groupName}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'readerId',
      title: t('ruleTemplates.fields.readerId'),
      render: (system) =>
        system.readerId ? (
          <Text size="sm" ff="monospace">
            {system.readerId}
          </Text>
        ) : (
          <Text size="sm" c="red">
            {t('ruleTemplates.noParameter')}
          </Text>
        ),
    },
    {
      key: 'state',
      card: 'badge',
      title: t('ruleTemplates.fields.state'),
      render: (system) => <RuleStateBadge state={system.state} />,
    },
    {
      key: 'lastValue',
      title: t('ruleTemplates.fields.lastValue'),
      render: (system) =>
        system.lastValue === null ? (
          <NoValue />
        ) : (
          <Text size="sm">
            {formatNumber(system.lastValue, i18n.language)}{' '}
            <Text span size="xs" c="dimmed">
              {formatDateTime(system.lastObservedAt, session?.timeZone, INCIDENT_DATE_FORMAT)}
            </Text>
          </Text>
        ),
    },
    {
      key: 'openEvent',
      title: t('ruleTemplates.fields.openEvent'),
      render: (system) =>
        system.openEvent ? (
          <Anchor component={Link} to={appPath(`/events/${system.openEvent.id}`)} size="sm">
            {system.openEvent.name}
          </Anchor>
        ) : (
          <NoValue />
        ),
    },
    rowActionsColumn<TRuleSystem>(t('table.actions'), true, (system) => ({
      editLabel: system.name,
      onDelete: () => void handleRemove(system),
      deleteLabel: t('ruleTemplates.removeNamed', { name: system.name }),
    })),
  ];

  return (
    <TitledSection id="rule-systems" title={t('ruleTemplates.sections.systems')}>
      <Text size="sm" c="dimmed">
        {t('ruleTemplates.help.systems')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <RemoteMultiSelect
          queryKey={['rule-templates', ruleId, 'candidate-systems']}
          search={(text) => searchRuleCandidateOptions(ruleId, text)}
          label={t('ruleTemplates.fields.applySystems')}
          description={t('ruleTemplates.help.applySystems', { parameter: parameterName })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          nothingFoundMessage={t('ruleTemplates.noCandidates', { parameter: parameterName })}
          value={systems}
          onChange={setSystems}
        />
        <MobilityGroupSelect
          allEntities
          label={t('ruleTemplates.fields.applyGroup')}
          description={t('ruleTemplates.help.applyGroup')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          clearable
          value={groupId}
          onChange={(value) => setGroupId(value)}
        />
      </SimpleGrid>
      <Group>
        <Button
          onClick={() => void handleApply()}
          loading={isApplying}
          disabled={systems.length === 0 && groupId === null}
        >
          {t('ruleTemplates.apply')}
        </Button>
      </Group>
      <DataTable
        caption={t('ruleTemplates.sections.systems')}
        columns={columns}
        page={list.data}
        query={list}
        currentPage={page}
        sort={null}
        isLoading={list.isFetching}
        emptyText={t('ruleTemplates.noSystems')}
        rowKey={(system) => system.id}
        onSort={() => {}}
        onPage={setPage}
      />
    </TitledSection>
  );
}
