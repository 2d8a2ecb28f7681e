import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { MAIL_HTTP_PORT, MAIL_SMTP_PORT } from './accounts.ts';

/**
 * A real SMTP server for the browser tests: the product sends its emails here
 * through nodemailer, and the tests read them back over HTTP as
 * GET /messages → [{to, subject, text}].
 */
interface TCaught {
  to: string[];
  subject: string;
  text: string;
}
const messages: TCaught[] = [];

/** Undoes quoted-printable, which nodemailer uses for accented Portuguese text. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, to: string[]): TCaught {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_m, text: string) => decodeQuotedPrintable(text.replace(/_/g, ' ')));
  const isQuotedPrintable = /Content-Transfer-Encoding: quoted-printable/i.test(head);
  const isBase64 = /Content-Transfer-Encoding: base64/i.test(head);
  const text = isQuotedPrintable
    ? decodeQuotedPrintable(body)
    : isBase64
      ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
      : body;
  return { to, subject, text };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((address) => address.address);
      messages.push(parse(Buffer.concat(chunks).toString('utf8'), to));
      callback();
    });
  },
});
smtp.listen(MAIL_SMTP_PORT, '127.0.0.1');

http
  .createServer((request, response) => {
    if (request.url?.startsWith('/messages')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(messages));
      return;
    }
    response.writeHead(404).end();
  })
  .listen(MAIL_HTTP_PORT, '127.0.0.1');
