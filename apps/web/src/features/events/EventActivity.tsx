import { Badge, Button, Group, Paper, Stack, Switch, Text, Textarea, Timeline } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TEventComment, type TEventTimelineEntry, ZEventCommentInput } from '@mip/shared';
import {
  IconArrowsTransferUpDown,
  IconFlag,
  IconMessage,
  IconMessageReport,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../components/DelayedLoader';
import { refuseInvalidForm } from '../../components/form-error';
import { notify } from '../../components/notify';
import { showServerError } from '../../components/server-errors';
import { TitledSection } from '../../components/TitledSection';
import { formatDateTime, INCIDENT_DATE_FORMAT } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { validateWithSchema } from '../auth/zod-form';
import { addEventComment, useEventComments, useEventTimeline } from './useEvents';

/** What the comment form's messages are about: a comment added replaces its refusal and its failure. */
const COMMENT = 'comment:event';

function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color={isPublic ? 'teal.9' : 'gray.8'} tt="none" size="sm">
      {t(isPublic ? 'events.comments.public' : 'events.comments.internal')}
    </Badge>
  );
}

/** Who wrote it and for which entity: "Ana Ferreira (Mobilidade)". */
function authorOf(t: TFunction, comment: Pick<TEventComment, 'author' | 'entity'>): string {
  const name = comment.author?.name ?? t('events.activity.someone');
  return comment.entity ? `${name} (${comment.entity.name})` : name;
}

/** The comments on an event, oldest first, and a box to add one, internal or for the public. */
export function EventComments({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const comments = useEventComments(eventId);
  const form = useForm({
    initialValues: { message: '', isPublic: false },
    validate: (values) => validateWithSchema(t, ZEventCommentInput, values),
  });
  const adding = useMutation({
    mutationFn: (values: { message: string; isPublic: boolean }) => addEventComment(eventId, values),
    onSuccess: async () => {
      notify({ kind: 'success', title: t('common.success'), message: t('events.comments.added'), about: COMMENT });
      form.reset();
      // A reply may move the event on (the category's status on origin or destination reply).
      await queryClient.invalidateQueries({ queryKey: ['events'] });
    },
    onError: (error) => showServerError(t, error, form.setErrors, undefined, COMMENT),
  });

  return (
    <TitledSection id="event-comments" title={t('events.comments.title')}>
      {comments.isPending ? (
        <DelayedLoader />
      ) : (comments.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('events.comments.none')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="event-comments">
          {comments.data?.map((comment) => (
            <Paper key={comment.id} withBorder p="sm" data-testid="event-comment">
              <Group justify="space-between" gap="xs" mb={4}>
                <Text size="sm" fw={600}>
                  {authorOf(t, comment)}
                </Text>
                <Group gap="xs">
                  <VisibilityBadge isPublic={comment.isPublic} />
                  <Text size="xs" c="dimmed">
                    {formatDateTime(comment.createdAt, session?.timeZone, INCIDENT_DATE_FORMAT)}
                  </Text>
                </Group>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {comment.message}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <form onSubmit={form.onSubmit((values) => adding.mutate(values), refuseInvalidForm(t, COMMENT))} noValidate>
        <Stack gap="xs">
          <Textarea
            label={t('events.comments.message')}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={5000}
            {...form.getInputProps('message')}
          />
          <Group justify="space-between" gap="xs">
            <Switch
              label={t('events.comments.isPublic')}
              description={t('events.comments.isPublicHelp')}
              {...form.getInputProps('isPublic', { type: 'checkbox' })}
            />
            <Button type="submit" size="sm" leftSection={<IconMessage size={16} />} loading={adding.isPending}>
              {t('events.comments.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </TitledSection>
  );
}

const KIND_ICONS: Record<TEventTimelineEntry['kind'], ReactNode> = {
  CREATED: <IconPlus size={12} />,
  UPDATED: <IconPencil size={12} />,
  STATUS: <IconFlag size={12} />,
  TRANSFER: <IconArrowsTransferUpDown size={12} />,
  COMMENT: <IconMessage size={12} />,
  REQUEST_ACCEPTED: <IconMessageReport size={12} />,
};

/** One line of the timeline in words: what happened. */
export function describeTimelineEntry(t: TFunction, entry: TEventTimelineEntry): string {
  const status = (value: string | null) => (value ? t(`eventVocab.status.${value}`) : '');
  switch (entry.kind) {
    case 'STATUS':
      return t('events.timeline.STATUS', { from: status(entry.fromStatus), to: status(entry.toStatus) });
    case 'TRANSFER':
      return t('events.timeline.TRANSFER', {
        from: entry.fromEntity?.name ?? t('events.activity.unknownEntity'),
        to: entry.toEntity?.name ?? t('events.activity.unknownEntity'),
      });
    case 'COMMENT':
      return t(entry.comment?.isPublic ? 'events.timeline.PUBLIC_COMMENT' : 'events.timeline.COMMENT');
    default:
      return t(`events.timeline.${entry.kind}`);
  }
}

/** What happened to the event, oldest first: creation, edits, status changes, transfers and comments. */
export function EventTimeline({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const timeline = useEventTimeline(eventId);
  const entries = timeline.data ?? [];

  return (
    <TitledSection id="event-timeline" title={t('events.timeline.title')}>
      {timeline.isPending ? (
        <DelayedLoader />
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('events.timeline.none')}
        </Text>
      ) : (
        <Timeline active={entries.length - 1} bulletSize={22} lineWidth={2} data-testid="event-timeline">
          {entries.map((entry) => (
            <Timeline.Item key={entry.id} bullet={KIND_ICONS[entry.kind]} title={describeTimelineEntry(t, entry)}>
              <Text size="xs" c="dimmed">
                {t('events.timeline.byAt', {
                  user: entry.user?.name ?? t('events.activity.someone'),
                  date: formatDateTime(entry.createdAt, session?.timeZone, INCIDENT_DATE_FORMAT),
                })}
              </Text>
              {entry.note && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.note}
                </Text>
              )}
              {entry.comment && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.comment.message}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </TitledSection>
  );
}
