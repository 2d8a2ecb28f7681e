import type { Readable } from 'node:stream';

/** What the byte layer noticed about a file while decoding it. */
export interface TCsvFileFacts {
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
  /** Bytes that are not valid in the encoding were found (then replaced by U+FFFD). */
  hasInvalidBytes: boolean;
  /** A NUL character was found somewhere in the file. */
  hasNul: boolean;
  isEmpty: boolean;
}

/** The facts of a file about to be read; the reader fills them in as it goes, so record handlers can look. */
export function createCsvFileFacts(): TCsvFileFacts {
  return { encoding: 'utf-8', hasInvalidBytes: false, hasNul: false, isEmpty: true };
}

/** Called once per record with its cells and the line it starts on (the first line is 1). */
export type TCsvRecordHandler = (cells: string[], line: number) => void;

/**
 * Offered a plain line before it is split: `text` from `start` to `end` (its line break left out) holds
 * no quote and no line break. Answers true when it took the line as its record; false, and the line is
 * split into cells for the record handler as any other. A file of millions of plain rows is read without
 * a string per cell (issue 20: stop_times, read against a bare COPY).
 */
export type TCsvLineHandler = (text: string, start: number, end: number, line: number) => boolean;

/**
 * The longest record (line, or lines of one quoted field) a feed may hold, in
 * characters. Real GTFS lines are a few hundred characters; without a cap a
 * file of one endless line (a flood of NUL bytes, an unclosed quote) would be
 * held in memory whole.
 */
export const MAX_RECORD_LENGTH = 1024 * 1024;

/** A record grew past the cap: the file cannot be read on from there. */
export class CsvRecordTooLongError extends Error {
  readonly line: number;
  readonly maxLength: number;
  constructor(line: number, maxLength: number) {
    super(`the record on line ${line} is longer than ${maxLength} characters`);
    this.line = line;
    this.maxLength = maxLength;
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * Splits as many whole records as `text` holds. Answers how many characters it
 * used; the rest (an unfinished record) waits for the next chunk, unless this
 * is the last one. RFC 4180 with the leniencies real feeds need: CRLF, LF or a
 * lone CR ends a line, blank lines are skipped, characters after a closing
 * quote stay in the field, and a quote inside an unquoted field is kept as is.
 */
export function splitRecords(
  text: string,
  isFinal: boolean,
  state: { line: number },
  onRecord: TCsvRecordHandler,
  onLine?: TCsvLineHandler,
): number {
  const length = text.length;
  let position = 0;
  // The next quote and carriage return from `position` on (-1: none left), looked up again only once
  // passed, so that offering every line costs one pass over the text.
  let nextQuote = onLine ? text.indexOf('"') : -1;
  let nextCr = onLine ? text.indexOf('\r') : -1;
  while (position < length) {
    if (onLine) {
      const lineFeed = text.indexOf('\n', position);
      if (lineFeed !== -1) {
        if (nextQuote !== -1 && nextQuote < position) nextQuote = text.indexOf('"', position);
        if (nextCr !== -1 && nextCr < position) nextCr = text.indexOf('\r', position);
        const end = nextCr === lineFeed - 1 ? lineFeed - 1 : lineFeed;
        const isPlain = (nextQuote === -1 || nextQuote > lineFeed) && (nextCr === -1 || nextCr >= end);
        if (isPlain && end > position && onLine(text, position, end, state.line)) {
          position = lineFeed + 1;
          state.line++;
          continue;
        }
      }
    }
    const startLine = state.line;
    const cells: string[] = [];
    let i = position;
    let lineBreaks = 0;
    let isComplete = false;
    // One record: fields until an unquoted line break or the end of the text.
    for (;;) {
      if (i >= length) {
        if (!isFinal) return position;
        cells.push('');
        isComplete = true;
        break;
      }
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        let segmentStart = i + 1;
        value = '';
        let isClosed = false;
        while (!isClosed) {
          const quote = text.indexOf('"', segmentStart);
          if (quote === -1) {
            if (!isFinal) return position;
            // An unterminated quote: the rest of the file is the field.
            value += text.slice(segmentStart);
            i = length;
            break;
          }
          if (quote + 1 >= length && !isFinal) return position;
          if (text.charCodeAt(quote + 1) === QUOTE) {
            value += text.slice(segmentStart, quote + 1);
            segmentStart = quote + 2;
          } else {
            value += text.slice(segmentStart, quote);
            i = quote + 1;
            isClosed = true;
          }
        }
        // Line breaks inside quotes still move the line count on.
        for (let k = value.indexOf('\n'); k !== -1; k = value.indexOf('\n', k + 1)) lineBreaks++;
        // Stray characters between the closing quote and the separator belong to the field.
        const tailStart = i;
        while (i < length) {
          const c = text.charCodeAt(i);
          if (c === COMMA || c === LF || c === CR) break;
          i++;
        }
        if (i > tailStart) value += text.slice(tailStart, i);
      } else {
        const fieldStart = i;
        while (i < length) {
          const c = text.charCodeAt(i);
          if (c === COMMA || c === LF || c === CR) break;
          i++;
        }
        value = text.slice(fieldStart, i);
      }
      if (i >= length) {
        if (!isFinal) return position;
        cells.push(value);
        isComplete = true;
        break;
      }
      cells.push(value);
      const separator = text.charCodeAt(i);
      if (separator === COMMA) {
        i++;
        continue;
      }
      // A CR at the very end of a chunk may be the first half of CRLF.
      if (separator === CR && i + 1 >= length && !isFinal) return position;
      i += separator === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      lineBreaks++;
      isComplete = true;
      break;
    }
    position = i;
    state.line = startLine + lineBreaks;
    if (!isComplete) break;
    const isBlank = cells.length === 1 && cells[0].trim() === '';
    if (!isBlank) onRecord(cells, startLine);
  }
  return position;
}

function detectEncoding(head: Buffer): { encoding: TCsvFileFacts['encoding']; bomLength: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  // UTF-16 without a byte order mark: every other byte of ASCII text is zero.
  if (head.length >= 4 && head[1] === 0 && head[3] === 0 && head[0] !== 0)
    return { encoding: 'utf-16le', bomLength: 0 };
  if (head.length >= 4 && head[0] === 0 && head[2] === 0 && head[1] !== 0)
    return { encoding: 'utf-16be', bomLength: 0 };
  return { encoding: 'utf-8', bomLength: 0 };
}

/**
 * Reads a CSV byte stream a chunk at a time — never the whole file — and hands
 * each record to `onRecord`. UTF-8 is checked strictly; a UTF-16 file (byte
 * order mark, or zero bytes between ASCII ones) is decoded as such. Throws
 * CsvRecordTooLongError as soon as one record outgrows `maxRecordLength`.
 */
export async function readCsvStream(
  stream: Readable,
  onRecord: TCsvRecordHandler,
  options: {
    facts?: TCsvFileFacts;
    afterChunk?: () => Promise<void> | void;
    maxRecordLength?: number;
    onLine?: TCsvLineHandler;
  } = {},
): Promise<TCsvFileFacts> {
  const facts = options.facts ?? createCsvFileFacts();
  const maxRecordLength = options.maxRecordLength ?? MAX_RECORD_LENGTH;
  let decoder: TextDecoder | null = null;
  let head: Buffer | null = Buffer.alloc(0);
  /** Text from the start of the record not finished yet. */
  let pending = '';
  /** How much of `pending` the last split went through without finishing that record. */
  let unfinishedLength = 0;
  const state = { line: 1 };

  const feed = (text: string, isFinal: boolean) => {
    pending += text;
    // A record spread over many chunks is split again only once its text has doubled (or passed the cap), so
    // the work stays linear in the input however long the record: splitting on every chunk was quadratic.
    const isWorthSplitting = isFinal || pending.length >= 2 * unfinishedLength || pending.length > maxRecordLength;
    if (!isWorthSplitting) return;
    const used = splitRecords(pending, isFinal, state, onRecord, options.onLine);
    pending = used < pending.length ? pending.slice(used) : '';
    unfinishedLength = pending.length;
    if (unfinishedLength > maxRecordLength) throw new CsvRecordTooLongError(state.line, maxRecordLength);
  };

  const decode = (bytes: Buffer, isFinal: boolean): string => {
    if (!decoder) throw new Error('decoder not ready');
    if (facts.encoding === 'utf-8' && !facts.hasNul && bytes.indexOf(0) !== -1) facts.hasNul = true;
    if (facts.encoding === 'utf-8' && !facts.hasInvalidBytes) {
      try {
        return decoder.decode(bytes, { stream: !isFinal });
      } catch {
        // From here on the file is decoded leniently; rows holding U+FFFD are then reported.
        facts.hasInvalidBytes = true;
        decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
      }
    }
    const text = decoder.decode(bytes, { stream: !isFinal });
    if (facts.encoding !== 'utf-8' && !facts.hasNul && text.includes('\u0000')) facts.hasNul = true;
    if (facts.encoding !== 'utf-8' && !facts.hasInvalidBytes && text.includes('\uFFFD')) facts.hasInvalidBytes = true;
    return text;
  };

  const start = (bytes: Buffer) => {
    const detected = detectEncoding(bytes);
    facts.encoding = detected.encoding;
    decoder = new TextDecoder(detected.encoding, { fatal: detected.encoding === 'utf-8', ignoreBOM: true });
    return bytes.subarray(detected.bomLength);
  };

  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (chunk.length === 0) continue;
    facts.isEmpty = false;
    if (head) {
      // The encoding is decided on the first four bytes, which may span chunks.
      head = Buffer.concat([head, chunk]);
      if (head.length < 4) continue;
      const body = start(head);
      head = null;
      feed(decode(body, false), false);
    } else {
      feed(decode(chunk, false), false);
    }
    if (options.afterChunk) await options.afterChunk();
  }
  if (head) {
    if (head.length === 0) return facts;
    feed(decode(start(head), true), true);
  } else {
    feed(decode(Buffer.alloc(0), true), true);
  }
  return facts;
}
