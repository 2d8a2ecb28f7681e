import { Anchor, Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';

/** Where a card's "see all" goes: a list, opened on the card's filter when it needs one. */
export interface TWorkListLink {
  path: string;
  label: string;
  state?: unknown;
}

/**
 * One kind of work on the console home: what it is, how many there are, the
 * first few, and the way to the whole list. Empty, it says what would appear,
 * so an empty card reads as "nothing to do" and not as "not loaded".
 */
export function WorkCard({
  icon: CardIcon,
  title,
  description,
  total,
  emptyText,
  list,
  extra,
  children,
}: {
  icon: Icon;
  title: string;
  description: string;
  total: number;
  emptyText: string;
  list: TWorkListLink;
  /** Between the description and the records (a tally). */
  extra?: ReactNode;
  /** The records, as WorkItem rows. */
  children: ReactNode;
}) {
  const appPath = useAppPath();
  const titleId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" aria-hidden>
              <CardIcon size={20} />
            </ThemeIcon>
            <Title order={3} size="h4" id={titleId}>
              {title}
            </Title>
          </Group>
          <Badge size="lg" variant={total > 0 ? 'filled' : 'light'} color={total > 0 ? undefined : 'gray'}>
            {total}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {extra}
        {total === 0 ? (
          <Text size="sm" fs="italic">
            {emptyText}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {children}
          </Stack>
        )}
        <Anchor component={Link} to={appPath(list.path)} state={list.state} size="sm" fw={600} mt="auto">
          {list.label}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** One record of a work card: its name (a link to it when it has a page), what it is, and a badge or action. */
export function WorkItem({
  to,
  label,
  details,
  badge,
}: {
  to?: string;
  label: string;
  details: string;
  badge?: ReactNode;
}) {
  const appPath = useAppPath();
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Stack gap={0} miw={0}>
        {to ? (
          <Anchor component={Link} to={appPath(to)} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Anchor>
        ) : (
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {details}
        </Text>
      </Stack>
      {badge}
    </Group>
  );
}
