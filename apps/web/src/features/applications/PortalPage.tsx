import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { opensUrl, type TApplicationListItem, verticalAppPath } from '@mip/shared';
import { IconExternalLink, IconMap } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DelayedLoader } from '../../components/DelayedLoader';
import { useSession } from '../auth/session-store';
import { ApplicationLogo } from './ApplicationLogo';
import { usePortalApplications } from './useApplications';

/**
 * One application as a card that is a link: a vertical app opens at /app/{id}/ (a page load, since it
 * brings a configuration of its own); any other opens its url in a new tab (spec 001 §2).
 */
function ApplicationCard({ application }: { application: TApplicationListItem }) {
  const { t } = useTranslation();
  const isExternal = opensUrl(application.type);
  const href = isExternal ? (application.configs.url ?? '') : verticalAppPath(application.id);
  return (
    <Card
      component="a"
      href={href}
      {...(isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      withBorder
      padding="lg"
      radius="md"
      data-testid="portal-application"
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ApplicationLogo logo={application.logo} size={56} />
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
            <Text fw={700} size="lg" lh={1.25} style={{ overflowWrap: 'anywhere' }}>
              {application.name}
            </Text>
            {isExternal ? (
              <>
                <IconExternalLink size={18} aria-hidden style={{ flexShrink: 0 }} />
                <VisuallyHidden>{t('applications.opensInNewTab')}</VisuallyHidden>
              </>
            ) : (
              <IconMap size={18} aria-hidden style={{ flexShrink: 0 }} />
            )}
          </Group>
          {application.description && (
            <Text size="sm" c="dimmed" lineClamp={4}>
              {application.description}
            </Text>
          )}
          <Group gap={6}>
            <Badge variant="light" tt="none">
              {t(`applications.types.${application.type}`)}
            </Badge>
            {application.withAuth && (
              <Badge variant="default" tt="none">
                {t('applications.signedInOnly')}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** /portal: the applications the visitor may open (spec 001 §2 applications portal). */
export default function PortalPage() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const applications = usePortalApplications();

  return (
    <Stack gap="lg" maw={1200}>
      <Text c="dimmed">{t('applications.portal.intro')}</Text>
      {!session && (
        <Alert variant="light" color="gray">
          {t('applications.portal.signInForMore')}{' '}
          <Anchor component={Link} to={`/auth?redirect=${encodeURIComponent(location.pathname)}`} inherit fw={600}>
            {t('applications.portal.signIn')}
          </Anchor>
        </Alert>
      )}
      {applications.isPending ? (
        <DelayedLoader />
      ) : applications.isError ? (
        <Alert color="red">{t('applications.portal.loadError')}</Alert>
      ) : applications.data.length === 0 ? (
        <Text c="dimmed">{t('applications.portal.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {applications.data.map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
