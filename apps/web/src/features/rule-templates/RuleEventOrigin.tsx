import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { can, type TRuleReading } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { DetailsTable, NoValue } from '../../components/display';
import { TitledSection } from '../../components/TitledSection';
import { formatDateTime, INCIDENT_DATE_FORMAT } from '../../lib/dates';
import { formatNumber } from '../../lib/numbers';
import { useSession } from '../auth/session-store';
import { describeCondition } from './rule-condition';
import { useRuleEventOrigin } from './useRuleTemplates';

function ReadingsTable({ label, readings }: { label: string; readings: TRuleReading[] }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  return (
    <Table.ScrollContainer minWidth={280} maxHeight={240}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ruleTemplates.fields.observedAt')}</Table.Th>
            <Table.Th>{t('ruleTemplates.fields.value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {readings.map((reading) => (
            <Table.Tr key={reading.observedAt}>
              <Table.Td>{formatDateTime(reading.observedAt, session?.timeZone, INCIDENT_DATE_FORMAT)}</Table.Td>
              <Table.Td>{formatNumber(reading.value, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On an event's page: the rule that raised it, on which system, from which readings, and what cleared it. */
export function RuleEventOrigin({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const origin = useRuleEventOrigin(eventId, true).data?.origin;
  if (!origin) return null;
  const canOpenRule = origin.rule.id !== null && can(session, { all: ['MANAGE_RULE_TEMPLATES'] });
  const timeZone = session?.timeZone;
  return (
    <TitledSection id="event-rule-origin" title={t('ruleTemplates.origin.title')}>
      <DetailsTable
        label={t('ruleTemplates.origin.title')}
        rows={[
          [
            t('ruleTemplates.origin.rule'),
            canOpenRule ? (
              <Anchor key="rule" component={Link} to={appPath(`/rule-template/${origin.rule.id}`)} size="sm">
                {origin.rule.name}
              </Anchor>
            ) : (
              origin.rule.name
            ),
          ],
          [t('ruleTemplates.fields.system'), origin.system?.name ?? <NoValue key="system" />],
          [t('ruleTemplates.fields.parameterName'), `${origin.parameterName} (${origin.readerId})`],
          [t('ruleTemplates.fields.condition'), describeCondition(t, origin.condition, i18n.language)],
          [t('ruleTemplates.origin.raisedAt'), formatDateTime(origin.raisedAt, timeZone, INCIDENT_DATE_FORMAT)],
          [
            t('ruleTemplates.origin.clearedAt'),
            origin.clearedAt ? (
              formatDateTime(origin.clearedAt, timeZone, INCIDENT_DATE_FORMAT)
            ) : (
              <NoValue key="cleared" />
            ),
          ],
        ]}
      />
      <Group align="flex-start" grow wrap="wrap">
        <Stack gap={4} miw={260}>
          <Text size="sm" fw={600}>
            {t('ruleTemplates.origin.readings')}
          </Text>
          <ReadingsTable label={t('ruleTemplates.origin.readings')} readings={origin.readings} />
        </Stack>
        {origin.clearReadings.length > 0 && (
          <Stack gap={4} miw={260}>
            <Text size="sm" fw={600}>
              {t('ruleTemplates.origin.clearReadings')}
            </Text>
            <ReadingsTable label={t('ruleTemplates.origin.clearReadings')} readings={origin.clearReadings} />
          </Stack>
        )}
      </Group>
    </TitledSection>
  );
}
