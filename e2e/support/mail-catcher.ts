import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { MAIL_HTTP_PORT, MAIL_SMTP_PORT } from './accounts.ts';

/**
 * A real SMTP server for the browser tests: the product sends its emails here
 * through nodemailer, and the tests read them back over HTTP as
 * GET /messages → [{to, subject, text, attachments: [{filename, contentType, content (base64)}]}].
 */
interface TAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64. */
  content: string;
}
interface TCaught {
  to: string[];
  subject: string;
  text: string;
  attachments: TAttachment[];
}
const messages: TCaught[] = [];

/** Undoes quoted-printable, which nodemailer uses for accented Portuguese text. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (=?utf-8?Q?…?= and =?utf-8?B?…?=); the space between two of them is not text. */
function decodeWords(value: string): string {
  return value
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([QB])\?(.*?)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** One header's value (folded lines joined), or ''. */
function header(head: string, name: string): string {
  const match = new RegExp(`^${name}:([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'im').exec(head);
  return match ? match[1].replace(/\r?\n[ \t]/g, ' ').trim() : '';
}

/** An attachment's name: RFC 2231 pieces (filename*0*=utf-8''…; filename*1=…) or a plain filename="…". */
function filenameOf(disposition: string): string {
  const pieces = [...disposition.matchAll(/filename\*(\d+)?(\*)?="?([^";]*)"?/gi)];
  if (pieces.length > 0) {
    const joined = pieces
      .sort((a, b) => Number(a[1] ?? 0) - Number(b[1] ?? 0))
      .map((piece) => (piece[2] ? piece[3].replace(/^utf-8''/i, '') : encodeURIComponent(piece[3])))
      .join('');
    return decodeURIComponent(joined);
  }
  return decodeWords(/filename="?([^";]*)"?/i.exec(disposition)?.[1] ?? '');
}

function decodeBody(head: string, body: string): Buffer {
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64');
  if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(body), 'utf8');
  return Buffer.from(body, 'utf8');
}

function splitHead(raw: string): [string, string] {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return [raw, ''];
  const separator = raw.slice(at).startsWith('\r\n\r\n') ? 4 : 2;
  return [raw.slice(0, at), raw.slice(at + separator)];
}

function parse(raw: string, to: string[]): TCaught {
  const [head, body] = splitHead(raw);
  const subject = decodeWords(header(head, 'Subject'));
  const contentType = header(head, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary)
    return { to, subject, text: decodeBody(head, body).toString('utf8').replace(/\r\n/g, '\n'), attachments: [] };
  let text = '';
  const attachments: TAttachment[] = [];
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const [partHead, partBody] = splitHead(part.replace(/^\r?\n/, ''));
    const content = decodeBody(partHead, partBody.replace(/\r?\n$/, ''));
    const disposition = header(partHead, 'Content-Disposition');
    if (/^attachment/i.test(disposition)) {
      attachments.push({
        filename: filenameOf(disposition),
        contentType: header(partHead, 'Content-Type').replace(/;\s*name=.*$/i, ''),
        content: content.toString('base64'),
      });
    } else if (/^text\/plain/i.test(header(partHead, 'Content-Type')) && text === '')
      text = content.toString('utf8').replace(/\r\n/g, '\n');
  }
  return { to, subject, text, attachments };
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
