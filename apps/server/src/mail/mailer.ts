import type { Transporter } from 'nodemailer';

export interface TMailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface TMail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (a scheduled report). */
  attachments?: TMailAttachment[];
}

export interface TMailer {
  send: (mail: TMail) => Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes the message to
 * the log, so someone running the product locally can still follow a link.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  log: (message: string) => void;
}): TMailer {
  if (!options.smtpUrl) {
    return {
      send: async (mail) => {
        const files = (mail.attachments ?? []).map(
          (file) => `\nAttached: ${file.filename} (${file.content.length} bytes)`,
        );
        options.log(
          `Email to ${mail.to} (SMTP_URL not set, so it is shown here)\nSubject: ${mail.subject}\n\n${mail.text}${files.join('')}`,
        );
      },
    };
  }
  const smtpUrl = options.smtpUrl;
  // nodemailer is loaded with the first message, not with the server: a server that sends none does not
  // hold it (see lib/photos.ts for what such loading saves).
  let transport: Promise<Transporter> | null = null;
  const openTransport = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    send: async (mail) => {
      await (await openTransport()).sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachments?.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
        })),
      });
    },
  };
}
