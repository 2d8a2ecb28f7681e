import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../configuration/useAppConfiguration';

declare const __APP_VERSION__: string;

/** What this is, where its reference data comes from and under which licences, and whom to ask. */
export default function AboutPage() {
  const { t } = useTranslation();
  const config = useAppConfiguration();
  const supportEmail = typeof config.supportEmail === 'string' ? config.supportEmail : null;
  return (
    <Stack gap="lg" maw={820}>
      <Card withBorder padding="lg">
        <Title order={2} size="h4">
          {String(config.appTitle ?? '')}
        </Title>
        <Text c="dimmed" size="sm" mb="sm">
          {t('about.version', { version: __APP_VERSION__ })}
        </Text>
        <Text>{t('about.description')}</Text>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('about.dataTitle')}
        </Title>
        <List spacing="xs">
          <List.Item>{t('about.dataPlaces')}</List.Item>
          <List.Item>{t('about.dataCountries')}</List.Item>
        </List>
      </Card>
      {supportEmail && (
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('about.supportTitle')}
          </Title>
          <Text>
            {t('about.support')} <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
          </Text>
        </Card>
      )}
    </Stack>
  );
}
