import { Alert, Anchor, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { THelpListItem } from '@mip/shared';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The list's articles in their categories, in the order the server sorted them. */
export function groupByCategory(items: THelpListItem[]): { category: string; items: THelpListItem[] }[] {
  const groups = new Map<string, THelpListItem[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups].map(([category, grouped]) => ({ category, items: grouped }));
}

/** Spec 001 §2: the index of articles grouped by category; create only when this page has no article. */
export function HelpIndex({
  items,
  pageUrl,
  canWrite,
  onOpen,
  onCreate,
}: {
  items: THelpListItem[];
  /** The help url of the page the modal was opened on. */
  pageUrl: string;
  canWrite: boolean;
  onOpen: (url: string) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const hasPageArticle = items.some((item) => item.url === pageUrl);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('help.indexTitle')}
      </Title>
      {!hasPageArticle && (
        <Alert variant="light" icon={<IconInfoCircle size={18} />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('help.noArticleForPage')}</Text>
            {canWrite && (
              <Button size="xs" leftSection={<IconPlus size={16} />} onClick={onCreate}>
                {t('help.create')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {items.length === 0 ? (
        <Text c="dimmed">{t('help.empty')}</Text>
      ) : (
        groupByCategory(items).map((group) => (
          <section key={group.category} aria-label={group.category}>
            <Title order={3} size="h5" mb={6}>
              {group.category}
            </Title>
            <List spacing={4} listStyleType="none">
              {group.items.map((item) => (
                <List.Item key={item.url}>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component="button" type="button" onClick={() => onOpen(item.url)} ta="start">
                      {item.title}
                    </Anchor>
                    {item.url === pageUrl && (
                      <Badge size="sm" variant="light">
                        {t('help.thisPage')}
                      </Badge>
                    )}
                  </Group>
                </List.Item>
              ))}
            </List>
          </section>
        ))
      )}
    </Stack>
  );
}
