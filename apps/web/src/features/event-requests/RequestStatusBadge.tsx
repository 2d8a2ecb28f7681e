import { Badge } from '@mantine/core';
import type { TEventRequestStatus } from '@mip/shared';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<TEventRequestStatus, string> = { PENDING: 'orange', ACCEPTED: 'teal', REJECTED: 'red' };

/** A request's status in words beside a coloured dot: the colour is never the only sign. */
export function RequestStatusBadge({ status }: { status: TEventRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={COLOURS[status]} tt="none" size="md" miw="max-content" data-status={status}>
      {t(`eventVocab.requestStatus.${status}`)}
    </Badge>
  );
}
