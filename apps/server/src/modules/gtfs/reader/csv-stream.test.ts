import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CsvRecordTooLongError, MAX_RECORD_LENGTH, readCsvStream } from './csv-stream.ts';
import { parseGtfsDate, parseGtfsTime } from './values.ts';

async function records(bytes: Buffer, chunkSize = bytes.length) {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const rows: { cells: string[]; line: number }[] = [];
  const facts = await readCsvStream(Readable.from(chunks), (cells, line) => rows.push({ cells, line }));
  return { rows, facts };
}

const TEXT =
  '\uFEFFstop_id,stop_name\r\n' +
  '5726,Trindade\r\n' +
  '\r\n' +
  '5778,"São Bento, ""Estação"""\n' +
  '5703,"Campanhã\r\nline two"\r' +
  '5708,Estádio do Dragão';

const TEXT_RECORDS = [
  { cells: ['stop_id', 'stop_name'], line: 1 },
  { cells: ['5726', 'Trindade'], line: 2 },
  { cells: ['5778', 'São Bento, "Estação"'], line: 4 },
  { cells: ['5703', 'Campanhã\r\nline two'], line: 5 },
  { cells: ['5708', 'Estádio do Dragão'], line: 7 },
];

describe('readCsvStream', () => {
  it('reads BOM, CRLF, LF, lone CR, blank lines and quoted fields, with their line numbers', async () => {
    const { rows, facts } = await records(Buffer.from(TEXT, 'utf8'));
    expect(facts).toMatchObject({ encoding: 'utf-8', hasInvalidBytes: false, hasNul: false, isEmpty: false });
    expect(rows).toEqual(TEXT_RECORDS);
  });

  it('gives the same records whatever the chunk boundaries (inside CRLF, quotes and multi-byte letters)', async () => {
    const bytes = Buffer.from(TEXT, 'utf8');
    const whole = await records(bytes);
    for (let size = 1; size <= 12; size++) expect((await records(bytes, size)).rows).toEqual(whole.rows);
  });

  it('offers plain lines to the line handler and splits the rest, in order and on their lines, whatever the chunks', async () => {
    const read = async (chunkSize: number, accept: (text: string) => boolean) => {
      const bytes = Buffer.from(TEXT, 'utf8');
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
      const seen: { cells: string[]; line: number; offered: boolean }[] = [];
      await readCsvStream(Readable.from(chunks), (cells, line) => seen.push({ cells, line, offered: false }), {
        onLine: (text, start, end, line) => {
          const lineText = text.slice(start, end);
          if (!accept(lineText)) return false;
          seen.push({ cells: lineText.split(','), line, offered: true });
          return true;
        },
      });
      return seen;
    };
    const whole = await read(TEXT.length * 2, () => true);
    // Only lines with no quote and no lone CR are offered, without their CRLF.
    expect(whole.filter((record) => record.offered)).toEqual([
      { cells: ['stop_id', 'stop_name'], line: 1, offered: true },
      { cells: ['5726', 'Trindade'], line: 2, offered: true },
    ]);
    const records = (seen: { cells: string[]; line: number }[]) => seen.map(({ cells, line }) => ({ cells, line }));
    expect(records(whole)).toEqual(TEXT_RECORDS);
    // A line refused by the handler is split as any other.
    expect(records(await read(TEXT.length * 2, () => false))).toEqual(TEXT_RECORDS);
    for (let size = 1; size <= 12; size++) expect(records(await read(size, () => true))).toEqual(TEXT_RECORDS);
  });

  it('decodes UTF-16 with either byte order and flags invalid UTF-8 and NUL bytes', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b\nç,d\n', 'utf16le')]);
    const little = await records(utf16, 3);
    expect(little.facts.encoding).toBe('utf-16le');
    expect(little.rows.map((row) => row.cells)).toEqual([
      ['a', 'b'],
      ['ç', 'd'],
    ]);
    const invalid = await records(
      Buffer.concat([Buffer.from('a,b\nx,'), Buffer.from([0xc3, 0x28]), Buffer.from('\n')]),
    );
    expect(invalid.facts.hasInvalidBytes).toBe(true);
    expect(invalid.rows[1].cells[1]).toContain('\uFFFD');
    const nul = await records(Buffer.from('a,b\nx,y\u0000z\n'));
    expect(nul.facts.hasNul).toBe(true);
  });

  it('stops on a record longer than the cap after reading at most the cap and one chunk (a flood of NUL bytes)', async () => {
    const chunkSize = 64 * 1024;
    let bytesRead = 0;
    // 64 MB of NUL bytes after a header: one endless line, as in a zip bomb of zeros.
    async function* flood() {
      yield Buffer.from('trip_id,stop_id\n');
      for (let i = 0; i < 1024; i++) {
        bytesRead += chunkSize;
        yield Buffer.alloc(chunkSize);
      }
    }
    const rows: string[][] = [];
    // No read-ahead: what was pulled from the source is what the reader asked for.
    const reading = readCsvStream(Readable.from(flood(), { highWaterMark: 0 }), (cells) => rows.push(cells));
    await expect(reading).rejects.toThrow(CsvRecordTooLongError);
    await expect(reading).rejects.toMatchObject({ line: 2, maxLength: MAX_RECORD_LENGTH });
    expect(rows).toEqual([['trip_id', 'stop_id']]);
    expect(bytesRead).toBeLessThanOrEqual(MAX_RECORD_LENGTH + chunkSize);
  });

  it('splits a long quoted record arriving a byte at a time in linear time', async () => {
    // 400,000 one-byte chunks inside one quoted field: splitting the record again on every chunk would take
    // minutes (80 billion characters scanned); linear work takes well under the test's timeout.
    const field = 'a\n'.repeat(200_000);
    const bytes = Buffer.from(`x,"${field}"\ny,z\n`);
    async function* bytewise() {
      for (let i = 0; i < bytes.length; i++) yield bytes.subarray(i, i + 1);
    }
    const rows: { cells: string[]; line: number }[] = [];
    await readCsvStream(Readable.from(bytewise()), (cells, line) => rows.push({ cells, line }));
    expect(rows).toEqual([
      { cells: ['x', field], line: 1 },
      { cells: ['y', 'z'], line: 200_002 },
    ]);
  }, 20_000);

  it('reads an empty file as empty', async () => {
    const { rows, facts } = await records(Buffer.alloc(0));
    expect(rows).toEqual([]);
    expect(facts.isEmpty).toBe(true);
  });
});

describe('GTFS values', () => {
  it('reads times with unpadded hours and past midnight, in seconds of the service day', () => {
    expect(parseGtfsTime('6:01:00')).toBe(21_660);
    expect(parseGtfsTime('06:01:00')).toBe(21_660);
    expect(parseGtfsTime('25:32:00')).toBe(91_920);
    expect(parseGtfsTime(' 7:04:00 ')).toBe(25_440);
    for (const bad of ['', '6:01', '6:61:00', 'ab:cd:ef', '6:01:00:00', '-1:00:00'])
      expect(parseGtfsTime(bad)).toBeNull();
  });

  it('reads dates that exist', () => {
    expect(parseGtfsDate('20250425')).toBe(20_250_425);
    for (const bad of ['2025-04-25', '20250230', '2025042', '20251301']) expect(parseGtfsDate(bad)).toBeNull();
  });
});
