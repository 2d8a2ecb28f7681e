import { Badge } from '@mantine/core';
import type { TEventPriority, TEventStatus } from '@mip/shared';
import { useTranslation } from 'react-i18next';

/** Shades dark or light enough that the badge's text (picked by autoContrast) reads at AA. */
export const PRIORITY_COLOURS: Record<TEventPriority, string> = {
  LOW: 'gray.7',
  NORMAL: 'blue.8',
  HIGH: 'orange.5',
  CRITICAL: 'red.9',
};

export const STATUS_COLOURS: Record<TEventStatus, string> = {
  OPEN: 'blue',
  IN_PROGRESS: 'orange',
  PENDING: 'yellow',
  RESOLVED: 'teal',
  CLOSED: 'gray',
};

/** An event's priority as a filled badge in its colour, with its name, so colour is never the only sign. */
export function EventPriorityBadge({ priority }: { priority: TEventPriority }) {
  const { t } = useTranslation();
  return (
    <Badge color={PRIORITY_COLOURS[priority]} autoContrast variant="filled" tt="none" miw="max-content">
      {t(`eventVocab.priority.${priority}`)}
    </Badge>
  );
}

/** An event's status in words beside a dot of its colour. */
export function EventStatusBadge({ status, size = 'md' }: { status: TEventStatus; size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOURS[status]} variant="dot" tt="none" size={size} miw="max-content">
      {t(`eventVocab.status.${status}`)}
    </Badge>
  );
}
