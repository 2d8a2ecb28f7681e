import { sql } from 'drizzle-orm';
import type { TServerConfig } from '../../config.ts';
import type { TExecutor } from '../../db/database.ts';
import type { TComposedEmail } from '../../jobs/send-email.ts';
import { renderScheduledReportMail } from '../../mail/templates.ts';
import { formatLisbonDateTime } from './report-files.ts';

/**
 * A scheduled generation's file, to one of its subscribers in their language:
 * nothing when the subscriber is no longer active or the file was deleted
 * before the email went.
 */
export async function composeScheduledReportMail(
  db: TExecutor,
  config: TServerConfig,
  reportJobId: number,
  userId: number,
): Promise<TComposedEmail | null> {
  const { rows } = await db.execute<{
    template_name: string;
    owner_name: string;
    started_at: string;
    filename: string;
    mime_type: string;
    contents: Buffer;
  }>(
    sql`select t.name as template_name, o.name as owner_name, j.started_at, f.filename, f.mime_type, f.contents
          from report_jobs j
          join report_templates t on t.id = j.template_id
          join users o on o.id = j.requested_by
          join user_files f on f.id = j.file_id
         where j.id = ${reportJobId} and j.status = 'DONE'`,
  );
  const { rows: subscribers } = await db.execute<{ name: string; email: string; language: string }>(
    sql`select name, email, language from users where id = ${userId} and status = 'ACTIVE'`,
  );
  const file = rows[0];
  const subscriber = subscribers[0];
  if (!file || !subscriber) return null;
  const mail = renderScheduledReportMail(subscriber.language, {
    name: subscriber.name,
    report: file.template_name,
    generatedAt: formatLisbonDateTime(new Date(file.started_at)),
    owner: file.owner_name,
    filename: file.filename,
    link: `${config.publicUrl}/reports/schedules`,
  });
  return {
    mail: {
      to: subscriber.email,
      ...mail,
      attachments: [{ filename: file.filename, contentType: file.mime_type, content: file.contents }],
    },
  };
}
