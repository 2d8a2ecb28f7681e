import { Anchor, Badge, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../configuration/useAppConfiguration';
import { SHIPPED_DATA, type TShippedDataSet } from './shipped-data';

declare const __APP_VERSION__: string;

function DataSetTable({ sets, caption }: { sets: TShippedDataSet[]; caption: string }) {
  const { t } = useTranslation();
  return (
    // Two columns that wrap fit a phone: no sideways scrolling.
    <Table verticalSpacing="sm" aria-label={caption} layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="58%">{t('about.columns.data')}</Table.Th>
          <Table.Th>{t('about.columns.licence')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sets.map((set) => (
          <Table.Tr key={set.id}>
            <Table.Td>
              <Text fw={600} size="sm">
                {t(`about.data.${set.id}.name`)}
              </Text>
              <Text size="sm">{t(`about.data.${set.id}.description`)}</Text>
              <Code fz="xs" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
                {set.path}
              </Code>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{t(`about.data.${set.id}.licence`)}</Text>
              {set.licenceFile && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('about.licenceFile', { file: set.licenceFile.split('/').pop() })}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The data sets one part of the repository ships (the product, or its tests), under a title. */
function DataSetSection({
  usedBy,
  titleKey,
  helpKey,
}: {
  usedBy: TShippedDataSet['usedBy'];
  titleKey: string;
  helpKey: string;
}) {
  const { t } = useTranslation();
  const headingId = `about-data-${usedBy}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t(titleKey)}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t(helpKey)}
      </Text>
      <DataSetTable sets={SHIPPED_DATA.filter((set) => set.usedBy === usedBy)} caption={t(titleKey)} />
    </Card>
  );
}

/** /about (spec 000 §2): the product's version, the data it ships and their licences, and whom to ask. */
export default function AboutPage() {
  const { t } = useTranslation();
  const config = useAppConfiguration();
  const supportEmail = typeof config.supportEmail === 'string' && config.supportEmail ? config.supportEmail : null;
  return (
    <Stack gap="lg" maw={900}>
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h4">
            {String(config.appTitle ?? '')}
          </Title>
          <Badge variant="light" size="lg" tt="none" data-testid="app-version">
            {t('about.version', { version: __APP_VERSION__ })}
          </Badge>
        </Group>
        <Text mt="sm">{t('about.description')}</Text>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="about-support">
        <Title order={2} size="h4" mb="sm" id="about-support">
          {t('about.supportTitle')}
        </Title>
        {supportEmail ? (
          <Text>
            {t('about.support')} <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
          </Text>
        ) : (
          <Text c="dimmed">{t('about.noSupport')}</Text>
        )}
      </Card>
      <DataSetSection usedBy="product" titleKey="about.dataTitle" helpKey="about.dataHelp" />
      <DataSetSection usedBy="tests" titleKey="about.testDataTitle" helpKey="about.testDataHelp" />
    </Stack>
  );
}
