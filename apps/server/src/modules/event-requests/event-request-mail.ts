import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { renderEventRequestMail } from '../../mail/templates.ts';

/** The reporter of a request, as the replies need them. */
export interface TReporter {
  requestId: number;
  name: string;
  email: string;
  title: string;
  language: string;
}

/** Where the public map opens on an occurrence. */
export function occurrenceLink(app: FastifyInstance, eventId: number): string {
  return `${app.config.publicUrl}/?occurrence=${eventId}`;
}

/**
 * Emails the reporter about their request, in the language they wrote in. A
 * mail that cannot be sent is logged: the staff's decision stands either way.
 */
export async function mailReporter(
  app: FastifyInstance,
  kind: 'accepted' | 'rejected' | 'resolved',
  reporter: TReporter,
  extra: { link?: string; reason?: string } = {},
): Promise<void> {
  try {
    const mail = renderEventRequestMail(kind, reporter.language, {
      name: reporter.name,
      requestId: reporter.requestId,
      title: reporter.title,
      ...extra,
    });
    await app.mailer.send({ to: reporter.email, ...mail });
  } catch (error) {
    app.log.error({ err: error, requestId: reporter.requestId, kind }, 'could not email the reporter of a request');
  }
}

/**
 * When an event made from a citizen's report is resolved, tells the reporter.
 * Called after the status change is committed; never throws.
 */
export async function notifyReporterOfResolution(app: FastifyInstance, eventId: number): Promise<void> {
  try {
    const { rows } = await app.db.execute<{
      id: number;
      participant_name: string;
      participant_email: string;
      title: string;
      language: string;
    }>(
      sql`select r.id, r.participant_name, r.participant_email, r.title, r.language
            from event_requests r where r.event_id = ${eventId} and r.status = 'ACCEPTED'`,
    );
    const request = rows[0];
    if (!request) return;
    await mailReporter(app, 'resolved', {
      requestId: request.id,
      name: request.participant_name,
      email: request.participant_email,
      title: request.title,
      language: request.language,
    });
  } catch (error) {
    app.log.error({ err: error, eventId }, 'could not tell the reporter that their occurrence was resolved');
  }
}
