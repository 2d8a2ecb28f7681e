import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TServerConfig } from '../config.ts';
import type { TExecutor } from '../db/database.ts';
import { emailDeliveries } from '../db/schema/index.ts';
import { recordAudit, type TActor, type TAuditEntry } from '../http/audit.ts';
import type { TMail } from '../mail/mailer.ts';
import { composeActivationMail, composePasswordRecoveryMail } from '../modules/auth/account-mail.ts';
import { composeEventRequestMail } from '../modules/event-requests/event-request-mail.ts';
import { composeScheduledReportMail } from '../modules/reports/report-mail.ts';
import { defineJob, type TJobQueue } from './define-job.ts';
import { jobIdFor } from './job-ids.ts';

const ZActor = z.object({
  userId: z.number().int().nullable(),
  impersonatorUserId: z.number().int().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/**
 * What an email is about; the job writes it when it runs, from what the
 * database holds then (a link's token is issued then too, so none waits in
 * the queue).
 */
export const ZEmailMessage = z.discriminatedUnion('type', [
  /** "Forgot my password": queued whatever the address, so the answer takes as long either way. */
  z.object({ type: z.literal('password-recovery'), email: z.string().max(320), actor: ZActor }),
  /** A new (or reactivated) account without a password: a link to choose one. */
  z.object({ type: z.literal('account-activation'), userId: z.number().int(), actor: ZActor }),
  /** A citizen's report received: its reference and the link to follow it, to its reporter. */
  z.object({ type: z.literal('event-request-received'), requestId: z.number().int() }),
  /** A citizen's report accepted (a link to the occurrence) or rejected (the reason), to its reporter. */
  z.object({
    type: z.literal('event-request-decision'),
    requestId: z.number().int(),
    decision: z.enum(['accepted', 'rejected']),
  }),
  /** The occurrence made from a citizen's report was resolved. */
  z.object({ type: z.literal('event-request-resolved'), requestId: z.number().int() }),
  /** A scheduled report's file, to one subscriber. */
  z.object({ type: z.literal('scheduled-report'), reportJobId: z.number().int(), userId: z.number().int() }),
]);
export type TEmailMessage = z.infer<typeof ZEmailMessage>;

const ZEmail = z.object({
  /** Says which email this is: whatever runs it again, it goes out once. */
  key: z.string().min(1).max(300),
  message: ZEmailMessage,
});
export type TEmail = z.infer<typeof ZEmail>;

/** An email written, and what to record once it went out. */
export interface TComposedEmail {
  mail: TMail;
  audit?: { actor: TActor; entry: TAuditEntry };
}

/** Writes the email a message stands for, or answers null when there is no one to send it to any more. */
function composeEmail(db: TExecutor, config: TServerConfig, message: TEmailMessage): Promise<TComposedEmail | null> {
  switch (message.type) {
    case 'password-recovery':
      return composePasswordRecoveryMail(db, config, message.email, message.actor);
    case 'account-activation':
      return composeActivationMail(db, config, message.userId, message.actor);
    case 'event-request-received':
    case 'event-request-decision':
    case 'event-request-resolved':
      return composeEventRequestMail(db, config, message);
    case 'scheduled-report':
      return composeScheduledReportMail(db, config, message.reportJobId, message.userId);
  }
}

/** Advisory lock namespace of email keys ("Mail"). */
const EMAIL_LOCK_NAMESPACE = 0x4d61_696c;

/**
 * Sends one email through the configured mailer (SMTP, or the log). Emails
 * are queued in the transaction of the change they tell about, so a rollback
 * sends nothing and a crash after the commit loses nothing. Each carries a
 * key: the job holds a lock on it while it sends and records it as sent in
 * the transaction that holds the lock, so a job that runs again — a retry
 * after a failure, a second copy of it — finds it sent and sends nothing
 * (only a crash between the mail server's answer and that commit sends it
 * twice). A mail server that is down is retried with a growing delay, for
 * about a day.
 */
export const sendEmail = defineJob({
  name: 'send-email',
  description: 'Sends an email',
  payload: ZEmail,
  queue: { retryLimit: 12, retryDelay: 15, retryBackoff: true, retryDelayMax: 3 * 3600, expireInSeconds: 5 * 60 },
  worker: { concurrency: 2 },
  handler:
    ({ db, config, mailer }) =>
    async ({ key, message }) => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_LOCK_NAMESPACE}, hashtext(${key}))`);
        const sent = await tx.execute(sql`select 1 from email_deliveries where key = ${key}`);
        if (sent.rows.length > 0) return;
        // Written outside the lock's transaction: a link's token is stored before its email goes out.
        const composed = await composeEmail(db, config, message);
        if (!composed) return;
        await mailer.send(composed.mail);
        await tx.insert(emailDeliveries).values({ key });
        if (composed.audit) await recordAudit(tx, composed.audit.actor, composed.audit.entry);
      });
    },
});

/** Queues an email in the caller's transaction (the one whose change it tells about); queued twice, it is sent once. */
export function queueEmail(jobs: TJobQueue, tx: TExecutor, email: TEmail) {
  return jobs.send(sendEmail, email, { tx, id: jobIdFor(`${sendEmail.name}:${email.key}`) });
}

/** Keys of emails sent a month ago or more: no attempt of theirs runs any more. */
export const forgetSentEmails = defineJob({
  name: 'forget-sent-emails',
  description: 'Deletes the delivery records of emails sent a month ago or more',
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 1, expireInSeconds: 10 * 60 },
  schedule: '40 4 * * *',
  handler:
    ({ db }) =>
    async () => {
      await db.execute(sql`delete from email_deliveries where sent_at < now() - interval '30 days'`);
    },
});
