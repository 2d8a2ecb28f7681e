import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GTFS_FIXTURES, gtfsFixture } from '../../../../test/gtfs.ts';
import { CORPUS_OUTCOMES } from '../../../../test/gtfs-corpus.ts';
import { deflateRepeated, type TDeflatedZipInput, writeZip, zipFolder } from '../../../../test/zip-writer.ts';
import { readGtfsFeed } from './feed-reader.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'gtfs-reader-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let written = 0;
function toFile(bytes: Buffer): string {
  const file = path.join(folder, `feed-${written++}.zip`);
  writeFileSync(file, bytes);
  return file;
}

const read = (bytes: Buffer, today?: number) => readGtfsFeed(toFile(bytes), { today });

/** The good sample feed with some of its files replaced. */
function sampleWith(files: Record<string, string | Buffer | TDeflatedZipInput>): Buffer {
  const base = path.join(GTFS_FIXTURES, 'invalid', 'good_feed');
  const names = new Set([...readdirSync(base), ...Object.keys(files)]);
  return writeZip(
    [...names].map((name) => {
      const replaced = files[name];
      if (typeof replaced === 'object' && 'deflated' in replaced) return replaced;
      if (replaced !== undefined) return { name, data: Buffer.isBuffer(replaced) ? replaced : Buffer.from(replaced) };
      return { name, data: readFileSync(path.join(base, name)) };
    }),
  );
}

describe('readGtfsFeed on the shared feeds', () => {
  it('reads Metro do Porto with its quirks: unpadded hours, times past midnight, empty agency_id, BOM', async () => {
    const { model, issues } = await read(gtfsFixture('metro-porto'));
    expect(issues.errorCount).toBe(0);
    expect(model).toMatchObject({
      stopTimeCount: 64_285,
      untimedStopTimeCount: 0,
      startDate: 20240815,
      endDate: 20251231,
    });
    expect(model?.routes).toHaveLength(7);
    expect(model?.stops).toHaveLength(85);
    expect(model?.trips).toHaveLength(2939);
    expect(model?.agencies).toEqual([
      expect.objectContaining({ agencyId: '', name: 'Metro do Porto', timezone: 'Europe/Lisbon' }),
    ]);
    // Every route without agency_id belongs to the one agency.
    expect(model?.routes.every((route) => route.agencyRef === 1)).toBe(true);
    // ADFT and BexDF exist only in calendar_dates.
    expect(model?.services.find((service) => service.serviceId === 'ADFT')).toEqual({
      serviceId: 'ADFT',
      weekdays: 0,
      startDate: null,
      endDate: null,
    });
    expect(issues.sorted().map((issue) => issue.code)).toEqual(['UNUSED_SERVICE', 'UNUSED_SERVICE', 'UNUSED_SERVICE']);
  });

  it('reads Caltrain with CRLF line endings', async () => {
    const { model, issues } = await read(gtfsFixture('caltrain'));
    expect(issues.errorCount).toBe(0);
    expect(model?.stopTimeCount).toBe(3103);
    expect(model?.trips).toHaveLength(218);
  });

  it('warns about a feed whose service has ended', async () => {
    const { issues } = await read(gtfsFixture('google-sample'), 20_260_101);
    expect(issues.sorted()).toEqual([
      { severity: 'WARNING', code: 'FEED_EXPIRED', file: null, row: null, field: null, value: '2010-12-31' },
    ]);
  });
});

describe('readGtfsFeed on the broken-feed corpus', () => {
  const names = readdirSync(path.join(GTFS_FIXTURES, 'invalid')).filter((name) => name !== 'COPYING-transitfeed');

  it('knows what every feed of the corpus must give', () => {
    expect(names.sort()).toEqual(Object.keys(CORPUS_OUTCOMES).sort());
  });

  for (const [name, outcome] of Object.entries(CORPUS_OUTCOMES)) {
    it(`${name}: ${outcome.errors.length === 0 ? 'imports' : outcome.errors.join(', ')}`, async () => {
      const { issues } = await read(gtfsFixture(`invalid/${name}`));
      const errors = new Set(issues.issues.filter((issue) => issue.severity === 'ERROR').map((issue) => issue.code));
      expect([...errors].sort()).toEqual([...outcome.errors].sort());
      const warnings = new Set(
        issues.issues.filter((issue) => issue.severity === 'WARNING').map((issue) => issue.code),
      );
      for (const warning of outcome.warnings ?? []) expect(warnings).toContain(warning);
    });
  }

  it('names the file, line and column of each problem', async () => {
    const dates = await read(gtfsFixture('invalid/bad_date_format'));
    expect(dates.issues.sorted()).toContainEqual({
      severity: 'ERROR',
      code: 'INVALID_DATE',
      file: 'calendar.txt',
      row: 2,
      field: 'start_date',
      value: '2007.01.01',
    });
    const stop = await read(gtfsFixture('invalid/undefined_stop'));
    expect(stop.issues.sorted()[0]).toEqual({
      severity: 'ERROR',
      code: 'UNKNOWN_REFERENCE',
      file: 'stop_times.txt',
      row: 11,
      field: 'stop_id',
      value: 'NADAR',
    });
    const encoding = await read(gtfsFixture('invalid/bad_utf8'));
    expect(encoding.issues.sorted()).toContainEqual(
      expect.objectContaining({ code: 'INVALID_ENCODING', file: 'stops.txt', row: 2, field: 'stop_name' }),
    );
    const sequence = await read(gtfsFixture('invalid/duplicate_stop_sequence'));
    expect(sequence.issues.sorted()[0]).toMatchObject({ file: 'stop_times.txt', row: 4, field: 'stop_sequence' });
  });

  it('decodes a UTF-16 feed to the same records as the UTF-8 one', async () => {
    const utf16 = await read(gtfsFixture('invalid/utf16'));
    const utf8 = await read(gtfsFixture('invalid/utf8bom'));
    const places = (model: typeof utf8.model) =>
      model?.stops.map((stop) => [stop.stopId, stop.latitude, stop.longitude]);
    expect(places(utf16.model)).toEqual(places(utf8.model));
    expect(utf16.model?.stops[0].name).toBe('Furnace Creek Resort (Démonstration)');
    expect(utf16.model?.stopTimeCount).toBe(utf8.model?.stopTimeCount);
  });
});

describe('readGtfsFeed on edge cases', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', async () => {
    const stops = [
      'stop_id,stop_name,stop_desc,stop_lat,stop_lon',
      'FUR_CREEK_RES,"Furnace Creek, ""Resort""","two\nlines",36.425288,-117.133162',
      'BEATTY_AIRPORT,Nye County Airport (Demo),,36.868446,-116.784582',
      'BULLFROG,Bullfrog (Demo),,36.88108,-116.81797',
      'STAGECOACH,Stagecoach Hotel & Casino (Demo),,36.915682,-116.751677',
      'NADAV,North Ave / D Ave N (Demo),,36.914893,-116.76821',
      'NANAA,North Ave / N A Ave (Demo),,36.914944,-116.761472',
      'DADAN,Doing Ave / D Ave N (Demo),,36.909489,-116.768242',
      'EMSI,E Main St / S Irving St (Demo),,36.905697,-116.76218',
      'AMV,Amargosa Valley (Demo),,36.641496,-116.40094',
      'BOGUS,"Bogus Stop (Demo)",,36.914682,-116.750677',
    ].join('\r\n');
    const { model } = await read(sampleWith({ 'stops.txt': stops }));
    expect(model?.stops[0]).toMatchObject({ name: 'Furnace Creek, "Resort"', description: 'two\nlines' });
    expect(model?.stops[1].name).toBe('Nye County Airport (Demo)');
  });

  it('reads hours past 24 and unpadded ones, and interpolates nothing it cannot', async () => {
    const { model, issues } = await read(
      sampleWith({
        'stop_times.txt': [
          'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
          'AB1,23:50:00,23:50:00,BEATTY_AIRPORT,1',
          'AB1,,,NADAV,2',
          'AB1,24:30:00,24:31:00,BULLFROG,3',
        ].join('\n'),
      }),
    );
    expect(model?.untimedStopTimeCount).toBe(1);
    expect(issues.issues.map((issue) => issue.code)).toContain('UNTIMED_STOPS_INTERPOLATED');
    expect(issues.issues.filter((issue) => issue.code === 'MISSING_ENDPOINT_TIME')).toEqual([]);
  });

  it('reads stop_times the same whether its rows are plain or quoted, odd rows included', async () => {
    // Plain rows are read straight from the text, quoted ones through their cells: both ways must give the
    // same rows, counts and issues, line numbers included, for every kind of row.
    // One oddity a row, each in a row otherwise plain.
    const rows = [
      ['AB1', '8:00:00', '8:00:00', 'BEATTY_AIRPORT', '1', '', ''],
      ['AB1', '8:10:00', '8:15:00', 'BULLFROG', '2', '0', '3'],
      ['AB1', '', '', 'NADAV', '3', '1', '1'],
      ['AB1', '25:32:00', '25:33:00', 'STAGECOACH', '0004', '2', '2'],
      ['AB1', '100:00:00', '100:00:00', 'DADAN', '5', '', ''],
      ['AB1', '8:30:00', '8:30:00', ' EMSI', '6', '', ''],
      ['AB1', '8:40:00', '', 'AMV', '7', '', ''],
      ['AB1', '8:41:00', '8:41:00', 'AMV', '8', '00', ''],
      ['AB1', '8:42:00', '8:42:00', 'AMV', '9', '', '4'],
      ['AB1', ' 8:50:00', '8:50:00', 'NANAA', '10', '', ''],
      ['AB1', '8:55:00', '8:55:00', 'NOWHERE', '11', '', ''],
      ['NO_TRIP', '9:00:00', '9:00:00', 'NADAV', '1', '', ''],
      ['AB2', '10:00:00', '10:00:00', 'BULLFROG', '-0', '', ''],
      ['AB2', '12:05:00', '12:05:00', 'BULLFROG', '99999999999', '', ''],
      ['AB2', '12:05:00', '12:05:00', 'BULLFROG', '1', '', ''],
      ['AB2', '12:15:00', '12:15:00', 'BEATTY_AIRPORT', '2', ''],
      ['AB2', '12:15', '12:15:00', 'BEATTY_AIRPORT', '3', '', ''],
      ['AB2', '12:25:00', '12:25:00', 'BEATTY_AIRPORT', '4', '', '', ''],
      ['', '12:35:00', '12:35:00', 'BEATTY_AIRPORT', '5', '', ''],
      ['AB2', '12:36:00', '12:36:00', 'NADAV', '6', '', '1 '],
      ['AB1', '9:00:00', '9:00:00', 'EMSI', '12', '', ''],
      ['CITY1', '6:00:00', '6:00:00', 'STAGECOACH', '0', '', ''],
      ['CITY1', '6:05:00', '6:07:00', 'NANAA', '5', '', ''],
      ['CITY1', '6:10:00', '6:10:00', 'NADAV', '5', '', ''],
    ];
    const header = 'trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type';
    const readWith = async (cell: (value: string) => string) => {
      const added: number[][] = [];
      const text = [header, ...rows.map((row) => row.map(cell).join(','))].join('\r\n');
      const result = await readGtfsFeed(toFile(sampleWith({ 'stop_times.txt': text })), {
        isCheckingEverything: true,
        stopTimeSink: { start: () => {}, add: (...values) => added.push(values), drain: () => {} },
      });
      return { added, issues: result.issues.sorted(), rowsRead: result.rowsRead, model: result.model };
    };
    const plain = await readWith((value) => value);
    const quoted = await readWith((value) => `"${value}"`);
    expect(plain.added).toEqual(quoted.added);
    expect(plain.issues).toEqual(quoted.issues);
    expect(plain.rowsRead).toBe(quoted.rowsRead);
    expect(plain.model?.stopTimeCount).toBe(quoted.model?.stopTimeCount);
    expect(plain.model?.untimedStopTimeCount).toBe(quoted.model?.untimedStopTimeCount);
    expect(plain.model?.hasScatteredTrips).toBe(true);
    expect(plain.added.length).toBeGreaterThan(8);
    expect(plain.issues.map((issue) => `${issue.code}:${issue.row}`)).toEqual(
      expect.arrayContaining([
        'MISSING_ARRIVAL_OR_DEPARTURE:8',
        'IGNORED_VALUE:10',
        'UNKNOWN_REFERENCE:12',
        'ROW_CELL_COUNT:17',
        'INVALID_TIME:18',
        'DUPLICATE_STOP_SEQUENCE:25',
      ]),
    );
  });

  it('catches a repeated sequence in a trip whose rows go back and forth, and only the repeats', async () => {
    const { issues, model } = await read(
      sampleWith({
        'stop_times.txt': [
          'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
          'AB1,8:00:00,8:00:00,BEATTY_AIRPORT,3',
          'AB1,8:10:00,8:10:00,BULLFROG,1',
          'AB1,8:20:00,8:20:00,STAGECOACH,2',
          'AB1,8:30:00,8:30:00,NANAA,1',
          'AB1,8:40:00,8:40:00,NADAV,4',
          'AB1,8:50:00,8:50:00,EMSI,3',
          'AB1,9:00:00,9:00:00,AMV,5',
          'AB2,9:00:00,9:00:00,AMV,1',
          'AB2,9:10:00,9:10:00,NADAV,2',
        ].join('\n'),
      }),
    );
    const repeats = issues.sorted().filter((issue) => issue.code === 'DUPLICATE_STOP_SEQUENCE');
    expect(repeats.map((issue) => [issue.row, issue.value])).toEqual([
      [5, 'AB1 1'],
      [7, 'AB1 3'],
    ]);
    expect(model?.stopTimeCount).toBe(7);
  });

  it('reports a malformed time with its line', async () => {
    const { issues } = await read(
      sampleWith({
        'stop_times.txt': [
          'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
          'AB1,8:00,8:00:00,BEATTY_AIRPORT,1',
          'AB1,8:10:00,8:10:00,BULLFROG,2',
        ].join('\n'),
      }),
    );
    expect(issues.sorted()[0]).toMatchObject({
      code: 'INVALID_TIME',
      file: 'stop_times.txt',
      row: 2,
      field: 'arrival_time',
    });
  });

  it('refuses a file that is not a zip without throwing', async () => {
    const { model, issues } = await read(Buffer.from('agency_id,agency_name\n'));
    expect(model).toBeNull();
    expect(issues.sorted()[0].code).toBe('NOT_A_ZIP');
  });

  it('accepts a zip of a folder holding the feed', async () => {
    const zipped = zipFolder(path.join(GTFS_FIXTURES, 'invalid', 'googletransit'));
    const { issues, model } = await read(zipped);
    expect(issues.errorCount).toBe(0);
    expect(model?.routes).toHaveLength(5);
  });

  it('lists the first problems of a kind and counts the rest', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `AB1,8:00:00,8:00:00,NOWHERE${i},${i + 1}`);
    const { issues } = await read(
      sampleWith({
        'stop_times.txt': ['trip_id,arrival_time,departure_time,stop_id,stop_sequence', ...rows].join('\n'),
      }),
    );
    expect(issues.issues.filter((issue) => issue.code === 'UNKNOWN_REFERENCE')).toHaveLength(50);
    expect(issues.errorCount).toBeGreaterThanOrEqual(120);
    expect(issues.omittedCount).toBeGreaterThanOrEqual(70);
  });
});

describe('readGtfsFeed on hostile zips', () => {
  const MB = 1024 * 1024;
  const zipLimits = { maxFileBytes: 2 * MB, maxTotalBytes: 3 * MB };
  /** Blank lines: the reader skips them, so only a size limit stops a flood of them. */
  const blankLines = (name: string, megabytes: number) => deflateRepeated(name, Buffer.alloc(MB, '\n'), megabytes);

  it('refuses a file that unzips past the per-file limit, and says the limit', async () => {
    const bomb = await blankLines('stop_times.txt', 64);
    expect(bomb.deflated.length).toBeLessThan(MB);
    const { model, issues } = await readGtfsFeed(toFile(sampleWith({ 'stop_times.txt': bomb })), { zipLimits });
    expect(model).toBeNull();
    expect(issues.sorted()).toContainEqual(
      expect.objectContaining({ severity: 'ERROR', code: 'FILE_TOO_LARGE', file: 'stop_times.txt', value: '2 MB' }),
    );
  });

  it('counts the bytes inflating produces, not the sizes the zip declares', async () => {
    // Each file declares (and holds) less than the per-file limit; together they pass the total.
    const understated = { ...(await blankLines('shapes.txt', 2)), declaredSize: 1 };
    const shapes = await deflateRepeated('shapes.txt', Buffer.alloc(MB / 2, '\n'), 3);
    const trips = await deflateRepeated('trips.txt', Buffer.alloc(MB / 2, '\n'), 3);
    const { model, issues } = await readGtfsFeed(toFile(sampleWith({ 'shapes.txt': shapes, 'trips.txt': trips })), {
      zipLimits,
    });
    expect(model).toBeNull();
    expect(issues.sorted()).toContainEqual(expect.objectContaining({ code: 'FEED_TOO_LARGE', value: '3 MB' }));
    // A header that understates its member's size does not let it through either: the zip is refused as damaged.
    const lying = await readGtfsFeed(toFile(sampleWith({ 'shapes.txt': understated })), { zipLimits });
    expect(lying.model).toBeNull();
    expect(lying.issues.sorted()[0].code).toBe('NOT_A_ZIP');
  });

  it('refuses as damaged a member that inflates to less than its header says, or is compressed in an unknown way', async () => {
    const overstated = { ...(await blankLines('shapes.txt', 1)), declaredSize: MB + 1 };
    const short = await readGtfsFeed(toFile(sampleWith({ 'shapes.txt': overstated })), { zipLimits });
    expect(short.model).toBeNull();
    expect(short.issues.sorted()).toContainEqual(expect.objectContaining({ code: 'NOT_A_ZIP' }));
    // Every member marked as compressed with method 12 (bzip2), which a feed's zip never uses.
    const zip = sampleWith({});
    for (const [signature, at] of [
      [0x04034b50, 8],
      [0x02014b50, 10],
    ]) {
      for (let i = 0; i < zip.length - 4; i++) if (zip.readUInt32LE(i) === signature) zip.writeUInt16LE(12, i + at);
    }
    const bzip = await readGtfsFeed(toFile(zip), { zipLimits });
    expect(bzip.model).toBeNull();
    expect(bzip.issues.sorted()[0]).toMatchObject({ code: 'NOT_A_ZIP', value: expect.stringMatching(/compression/) });
  });

  it('refuses as damaged a zip whose members are encrypted', async () => {
    // Bit 0 of the general purpose flags, in the local and the central headers: traditional encryption.
    const zip = sampleWith({});
    for (const [signature, at] of [
      [0x04034b50, 6],
      [0x02014b50, 8],
    ]) {
      for (let i = 0; i < zip.length - 4; i++) {
        if (zip.readUInt32LE(i) === signature) zip.writeUInt16LE(zip.readUInt16LE(i + at) | 1, i + at);
      }
    }
    const encrypted = await readGtfsFeed(toFile(zip), { zipLimits });
    expect(encrypted.model).toBeNull();
    expect(encrypted.issues.sorted()[0]).toMatchObject({
      code: 'NOT_A_ZIP',
      value: expect.stringMatching(/encrypted/),
    });
  });

  it('refuses a line longer than 1 MB, naming the file and line, without reading the rest', async () => {
    const header = 'trip_id,arrival_time,departure_time,stop_id,stop_sequence\n';
    const { issues } = await readGtfsFeed(
      toFile(sampleWith({ 'stop_times.txt': Buffer.concat([Buffer.from(header), Buffer.alloc(4 * MB)]) })),
    );
    expect(issues.hasErrors).toBe(true);
    expect(issues.sorted()).toContainEqual(
      expect.objectContaining({ code: 'LINE_TOO_LONG', file: 'stop_times.txt', row: 2, value: '1 MB' }),
    );
  });
});
