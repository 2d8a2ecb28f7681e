import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { RULE_TEST_MAX_READINGS, type TRuleTestResult, ZRuleTestInput } from '@mip/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '../../components/select/RemoteSelect';
import { showServerError } from '../../components/server-errors';
import { TitledSection } from '../../components/TitledSection';
import { formatDateTime, INCIDENT_DATE_FORMAT } from '../../lib/dates';
import { formatNumber } from '../../lib/numbers';
import { useSession } from '../auth/session-store';
import { searchSystemOptions } from '../mobility-systems/useMobilitySystems';
import { RuleStateBadge } from './RuleSystemsPanel';
import type { TRuleFormValues } from './rule-form';
import { testRuleTemplate } from './useRuleTemplates';

/**
 * "Test against the last readings": the rule as it stands in the form, saved
 * or not, replayed on one system's latest readings. Nothing is opened.
 */
export function RuleTestPanel({ values }: { values: TRuleFormValues }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [systemId, setSystemId] = useState<number | null>(null);
  const [limit, setLimit] = useState(100);
  const [result, setResult] = useState<TRuleTestResult | null>(null);
  const [isTesting, setIsTesting] = useState(false);
  const input = {
    parameterName: values.parameterName,
    condition: values.condition,
    clearCondition: values.clearCondition,
    systemId: systemId ?? undefined,
    limit,
  };
  const isReady = systemId !== null && ZRuleTestInput.safeParse(input).success;

  const handleTest = async () => {
    if (systemId === null) return;
    setIsTesting(true);
    try {
      setResult(await testRuleTemplate({ ...input, systemId }));
    } catch (error) {
      showServerError(t, error);
    } finally {
      setIsTesting(false);
    }
  };

  return (
    <TitledSection id="rule-test" title={t('ruleTemplates.sections.test')}>
      <Text size="sm" c="dimmed">
        {t('ruleTemplates.help.test')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <RemoteSelect
          queryKey={['mobility-systems', 'rule-test']}
          search={(text, ids) => searchSystemOptions(text, ids)}
          label={t('ruleTemplates.fields.testSystem')}
          nothingFoundMessage={t('table.noResults')}
          value={systemId}
          onChange={(value) => setSystemId(value)}
        />
        <NumberInput
          label={t('ruleTemplates.fields.testLimit')}
          min={1}
          max={RULE_TEST_MAX_READINGS}
          allowDecimal={false}
          value={limit}
          onChange={(value) => setLimit(typeof value === 'number' ? value : 100)}
        />
      </SimpleGrid>
      <Group>
        <Button variant="default" onClick={() => void handleTest()} loading={isTesting} disabled={!isReady}>
          {t('ruleTemplates.runTest')}
        </Button>
      </Group>
      {result && (
        <Stack gap="sm" data-testid="rule-test-result">
          {result.readerId === null ? (
            <Alert color="yellow">{t('ruleTemplates.testNoParameter', { system: result.system.name })}</Alert>
          ) : result.steps.length === 0 ? (
            <Alert color="blue">{t('ruleTemplates.testNoReadings', { system: result.system.name })}</Alert>
          ) : (
            <>
              <Alert color={result.opened > 0 ? 'orange' : 'teal'}>
                {t('ruleTemplates.testSummary', {
                  count: result.steps.length,
                  system: result.system.name,
                  opened: result.opened,
                  resolved: result.resolved,
                })}
              </Alert>
              <Table.ScrollContainer minWidth={480} maxHeight={360}>
                <Table striped stickyHeader aria-label={t('ruleTemplates.sections.test')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('ruleTemplates.fields.observedAt')}</Table.Th>
                      <Table.Th>{t('ruleTemplates.fields.value')}</Table.Th>
                      <Table.Th>{t('ruleTemplates.fields.state')}</Table.Th>
                      <Table.Th>{t('ruleTemplates.fields.action')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.steps.map((step) => (
                      <Table.Tr key={step.observedAt}>
                        <Table.Td>{formatDateTime(step.observedAt, session?.timeZone, INCIDENT_DATE_FORMAT)}</Table.Td>
                        <Table.Td fw={step.matches ? 700 : undefined}>
                          {formatNumber(step.value, i18n.language)}
                        </Table.Td>
                        <Table.Td>
                          <RuleStateBadge state={step.state} />
                        </Table.Td>
                        <Table.Td>{step.action ? t(`ruleTemplates.actions.${step.action}`) : ''}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </Stack>
      )}
    </TitledSection>
  );
}
