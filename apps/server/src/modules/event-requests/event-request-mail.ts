import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TServerConfig } from '../../config.ts';
import type { TExecutor } from '../../db/database.ts';
import type { TJobQueue } from '../../jobs/define-job.ts';
import { queueEmail, type TComposedEmail, type TEmailMessage } from '../../jobs/send-email.ts';
import { renderEventRequestMail } from '../../mail/templates.ts';
import { followUpLink, issueFollowUpToken } from './follow-up.ts';

/** Where the public map opens on an occurrence. */
export function occurrenceLink(publicUrl: string, eventId: number): string {
  return `${publicUrl}/?occurrence=${eventId}`;
}

/** Queues the email that tells the reporter their request was accepted or rejected, in the decision's transaction. */
export async function queueDecisionMail(
  jobs: TJobQueue,
  tx: TExecutor,
  requestId: number,
  decision: 'accepted' | 'rejected',
): Promise<void> {
  // A request is decided once: its key says which decision it tells.
  await queueEmail(jobs, tx, {
    key: `event-request:${requestId}:${decision}`,
    message: { type: 'event-request-decision', requestId, decision },
  });
}

/** Queues the receipt of a new report, with its own link to the follow-up page, in the report's transaction. */
export async function queueReceiptMail(jobs: TJobQueue, tx: TExecutor, requestId: number): Promise<void> {
  await queueEmail(jobs, tx, {
    key: `event-request:${requestId}:received`,
    message: { type: 'event-request-received', requestId },
  });
}

/**
 * When an event made from a citizen's report is resolved, queues the email
 * that tells the reporter, in the transaction that resolved it. An event no
 * one reported queues nothing.
 */
export async function queueResolutionMail(jobs: TJobQueue, tx: TExecutor, eventId: number): Promise<boolean> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`select r.id from event_requests r where r.event_id = ${eventId} and r.status = 'ACCEPTED'`,
  );
  const request = rows[0];
  if (!request) return false;
  // Resolved, reopened and resolved again: each resolution tells them.
  await queueEmail(jobs, tx, {
    key: `event-request:${request.id}:resolved:${randomUUID()}`,
    message: { type: 'event-request-resolved', requestId: request.id },
  });
  return true;
}

/**
 * The email to a request's reporter, in the language they wrote in: received,
 * accepted (with the link to the occurrence), rejected (with the reason) or
 * resolved — each with a link of its own to the report's follow-up page,
 * issued now in the sending transaction (none waits in the queue). Nothing
 * when the request no longer says so (deleted meanwhile).
 */
export async function composeEventRequestMail(
  db: TExecutor,
  config: TServerConfig,
  message: Extract<
    TEmailMessage,
    { type: 'event-request-received' | 'event-request-decision' | 'event-request-resolved' }
  >,
): Promise<TComposedEmail | null> {
  const kind =
    message.type === 'event-request-received'
      ? 'received'
      : message.type === 'event-request-resolved'
        ? 'resolved'
        : message.decision;
  const { rows } = await db.execute<{
    id: number;
    participant_name: string;
    participant_email: string;
    title: string;
    language: string;
    status: string;
    reason: string | null;
    event_id: number | null;
  }>(
    sql`select r.id, r.participant_name, r.participant_email, r.title, r.language, r.status, r.reason, r.event_id
          from event_requests r where r.id = ${message.requestId}`,
  );
  const request = rows[0];
  if (!request) return null;
  // A receipt goes whatever became of the report meanwhile; a decision only while the report still says so.
  const expected = kind === 'received' ? request.status : kind === 'rejected' ? 'REJECTED' : 'ACCEPTED';
  if (request.status !== expected) return null;
  const followUp = followUpLink(config.publicUrl, await issueFollowUpToken(db, request.id));
  const mail = renderEventRequestMail(kind, request.language, {
    followUp,
    name: request.participant_name,
    requestId: request.id,
    title: request.title,
    link:
      kind === 'accepted' && request.event_id !== null ? occurrenceLink(config.publicUrl, request.event_id) : undefined,
    reason: kind === 'rejected' ? (request.reason ?? undefined) : undefined,
  });
  return { mail: { to: request.participant_email, ...mail } };
}
