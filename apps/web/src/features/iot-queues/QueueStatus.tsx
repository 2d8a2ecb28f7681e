import { Badge, Group, Text } from '@mantine/core';
import type { TIotQueue } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';

/** Connected, connecting (a process holds it but the broker is away), not consumed, or disabled. */
export function QueueStateBadge({ queue }: { queue: TIotQueue }) {
  const { t } = useTranslation();
  const state = !queue.enabled
    ? 'disabled'
    : queue.status.connected
      ? 'connected'
      : queue.status.isConsuming
        ? 'reconnecting'
        : 'idle';
  const color = { connected: 'teal', reconnecting: 'orange', idle: 'gray', disabled: 'gray' }[state];
  return (
    <Badge color={color} variant="dot" tt="none" size="md" miw="max-content" data-state={state}>
      {t(`iotQueues.states.${state}`)}
    </Badge>
  );
}

/** The figures the consumer reports: last message, rate, errors, dead letters. */
export function QueueFigures({ queue }: { queue: TIotQueue }) {
  const { t } = useTranslation();
  const session = useSession();
  const { status } = queue;
  return (
    <Group gap="lg" wrap="wrap" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
      <Text size="sm">
        {t('iotQueues.status.lastMessage')}:{' '}
        {status.lastMessageAt ? formatDateTime(status.lastMessageAt, session?.timeZone) : t('iotQueues.status.never')}
      </Text>
      <Text size="sm">{t('iotQueues.status.perMinute', { count: status.messagesPerMinute })}</Text>
      <Text size="sm">{t('iotQueues.status.errors', { count: status.errorCount })}</Text>
      <Text size="sm">{t('iotQueues.status.deadLetters', { count: status.deadLetterCount })}</Text>
      {status.lastError && (
        <Text size="sm" c="var(--mantine-color-error)" style={{ overflowWrap: 'anywhere' }}>
          {t('iotQueues.status.lastError')}: {status.lastError}
        </Text>
      )}
    </Group>
  );
}
