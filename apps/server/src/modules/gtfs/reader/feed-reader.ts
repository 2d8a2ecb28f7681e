import path from 'node:path';
import type { TGtfsIssueCode } from '@mip/shared';
import type { TZipLimits } from '../../../config.ts';
import {
  CsvRecordTooLongError,
  createCsvFileFacts,
  readCsvStream,
  type TCsvFileFacts,
  type TCsvLineHandler,
} from './csv-stream.ts';
import type {
  TAgency,
  TCalendarDate,
  TFeedInfo,
  TFeedModel,
  TFrequency,
  TRoute,
  TService,
  TStop,
  TStopTimeSink,
  TTrip,
} from './feed-model.ts';
import { WEEKDAY_COLUMNS } from './feed-model.ts';
import {
  OTHER_KNOWN_FILES,
  READ_FILES,
  READ_ORDER,
  REQUIRED_FILES,
  type TGtfsFileSpec,
  type TReadFileName,
} from './gtfs-files.ts';
import { formatByteSize, IssueCollector, type TIssueAt } from './issues.ts';
import { createPlainStopTimeReader, type TStopTimeLayout } from './plain-stop-time.ts';
import { SpanIndex } from './span-index.ts';
import { formatIsoDate, parseColour, parseDecimal, parseGtfsDate, parseGtfsTime, parseInteger } from './values.ts';
import { openZipArchive, type TZipArchive, type TZipMember, ZipSizeLimitError } from './zip-archive.ts';

export interface TReadFeedOptions {
  /** Receives every valid stop_time; without one the feed is only checked. */
  stopTimeSink?: TStopTimeSink;
  /**
   * With a sink: read on after the first error, to report everything (the
   * upload's check loads while it checks). The sink is not started when the
   * files before stop_times already have errors.
   */
  isCheckingEverything?: boolean;
  /** Rows read so far, after each chunk. */
  onProgress?: (rowsRead: number) => void;
  signal?: AbortSignal;
  /** yyyymmdd; a feed whose service ended before it gets a warning. */
  today?: number;
  /** How much the zip may unzip to (the configured limits by default). */
  zipLimits?: TZipLimits;
}

export interface TReadFeedResult {
  /** Null when the file is not a zip at all, or unzips past a limit. */
  model: TFeedModel | null;
  issues: IssueCollector;
  rowsRead: number;
}

type TCells = string[];

/** A table's header: where each column sits (-1 when absent). */
interface TColumns {
  index: (name: string) => number;
}

const cell = (cells: TCells, index: number): string => (index < 0 ? '' : (cells[index] ?? ''));

function hasPadding(value: string): boolean {
  return value.length > 0 && (value.charCodeAt(0) <= 32 || value.charCodeAt(value.length - 1) <= 32);
}

const validTimeZones = new Map<string, boolean>();
function isTimeZone(value: string): boolean {
  let known = validTimeZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    validTimeZones.set(value, known);
  }
  return known;
}

function emptyModel(): TFeedModel {
  return {
    feedInfo: null,
    agencies: [],
    stops: [],
    routes: [],
    services: [],
    calendarDates: [],
    shapes: [],
    trips: [],
    frequencies: [],
    stopTimeCount: 0,
    untimedStopTimeCount: 0,
    hasScatteredTrips: false,
    startDate: null,
    endDate: null,
  };
}

/**
 * Finds the feed's files: at the root of the zip, or else inside the one
 * folder that holds them (zips made by right-clicking a folder).
 */
function locateFiles(archive: TZipArchive, issues: IssueCollector): Map<string, TZipMember> {
  const byFolder = new Map<string, Map<string, TZipMember>>();
  for (const member of archive.members) {
    const folder = path.posix.dirname(member.path);
    const files = byFolder.get(folder) ?? new Map<string, TZipMember>();
    files.set(path.posix.basename(member.path), member);
    byFolder.set(folder, files);
  }
  const isFeedFolder = (files: Map<string, TZipMember>) => REQUIRED_FILES.some((name) => files.has(name));
  const root = byFolder.get('.');
  if (root && isFeedFolder(root)) return root;
  const candidates = [...byFolder.entries()].filter(([, files]) => isFeedFolder(files));
  if (candidates.length === 1) {
    issues.add('FILES_IN_FOLDER', { value: candidates[0][0] });
    return candidates[0][1];
  }
  return root ?? new Map();
}

class FeedReader {
  readonly issues = new IssueCollector();
  readonly model = emptyModel();
  rowsRead = 0;
  /** Files read without a structural error (their records can be referred to). */
  private readonly usable = new Set<TReadFileName>();
  /** By stop_id; a plain stop_times line's is found from the line's text without cutting the id out of it. */
  private readonly stopRefs = new SpanIndex();
  private readonly routeRefs = new Map<string, number>();
  private readonly serviceRefs = new Map<string, number>();
  private readonly shapeRefs = new Map<string, number>();
  private readonly tripRefs = new Map<string, number>();
  /** Ids of records already reported and left out: references to them are not reported again. */
  private readonly rejected = { stops: new Set<string>(), routes: new Set<string>(), trips: new Set<string>() };
  /** Files the feed has, usable or not. */
  private readonly present = new Set<string>();
  /** The stop_times sink, once started: only when nothing before stop_times had errors. */
  private sink: TStopTimeSink | undefined;
  private readonly agencyLines: number[] = [];
  private readonly routeAgencyIds: { ref: number; agencyId: string; line: number }[] = [];
  private readonly options: TReadFeedOptions;

  constructor(options: TReadFeedOptions) {
    this.options = options;
  }

  private report(code: TGtfsIssueCode, at: TIssueAt) {
    this.issues.add(code, at);
  }

  async read(archive: TZipArchive): Promise<void> {
    const files = locateFiles(archive, this.issues);
    for (const name of files.keys()) {
      if (!(name in READ_FILES) && !OTHER_KNOWN_FILES.has(name)) this.report('UNKNOWN_FILE', { file: name });
    }
    for (const name of files.keys()) this.present.add(name);
    for (const name of REQUIRED_FILES) if (!files.has(name)) this.report('MISSING_FILE', { file: name });
    if (!files.has('calendar.txt') && !files.has('calendar_dates.txt')) {
      this.report('MISSING_CALENDAR', { file: 'calendar.txt' });
    }
    for (const name of READ_ORDER) {
      const member = files.get(name);
      if (!member) continue;
      // Importing stops at the first error; checking goes on, to report everything at once.
      if (this.options.stopTimeSink && !this.options.isCheckingEverything && this.issues.hasErrors) return;
      if (name === 'stop_times.txt' && !this.issues.hasErrors) {
        this.sink = this.options.stopTimeSink;
        await this.sink?.start(this.model);
      }
      await this.readFile(archive, member, name);
      this.afterFile(name);
    }
    this.finish();
  }

  private async readFile(archive: TZipArchive, member: TZipMember, file: TReadFileName): Promise<void> {
    const spec: TGtfsFileSpec = READ_FILES[file];
    const facts = createCsvFileFacts();
    let columns: TColumns | null = null;
    let headerLength = 0;
    let isBroken = false;
    let onRow: ((cells: TCells, line: number) => void) | null = null;
    let onPlainLine: TCsvLineHandler | null = null;

    const onRecord = (cells: TCells, line: number) => {
      if (isBroken) return;
      if (!columns) {
        const header = this.readHeader(file, cells, spec, facts);
        if (!header) {
          isBroken = true;
          return;
        }
        columns = header;
        headerLength = cells.length;
        if (file === 'stop_times.txt') {
          const handlers = this.stopTimeHandlers(columns, headerLength);
          onRow = handlers.onRow;
          onPlainLine = handlers.onPlainLine;
        } else {
          onRow = this.rowHandler(file, columns);
        }
        return;
      }
      this.rowsRead++;
      if (cells.length !== headerLength) {
        this.report('ROW_CELL_COUNT', { file, row: line, value: `${headerLength}/${cells.length}` });
      }
      if (facts.hasInvalidBytes || facts.hasNul) this.checkCharacters(file, cells, line, facts, columns);
      for (let i = 0; i < cells.length; i++) if (hasPadding(cells[i])) cells[i] = cells[i].trim();
      onRow?.(cells, line);
    };

    const stream = await archive.open(member);
    try {
      await readCsvStream(stream, onRecord, {
        facts,
        // A plain row is taken as it is only while the file is clean; anything else goes through onRecord.
        onLine: (text, start, end, line) =>
          onPlainLine !== null &&
          !isBroken &&
          !facts.hasInvalidBytes &&
          !facts.hasNul &&
          onPlainLine(text, start, end, line),
        afterChunk: async () => {
          this.options.signal?.throwIfAborted();
          this.options.onProgress?.(this.rowsRead);
          if (file === 'stop_times.txt') await this.sink?.drain();
        },
      });
    } catch (error) {
      if (!(error instanceof CsvRecordTooLongError)) throw error;
      // Nothing after an endless line can be trusted to start a record: the rest of the file is not read.
      this.report('LINE_TOO_LONG', { file, row: error.line, value: formatByteSize(error.maxLength) });
      isBroken = true;
    }
    if (facts.encoding !== 'utf-8') this.report('UTF16_ENCODING', { file, value: facts.encoding });
    if (!columns) {
      if (!isBroken && REQUIRED_FILES.includes(file)) this.report('EMPTY_FILE', { file });
      return;
    }
    if (!isBroken) this.usable.add(file);
  }

  /** Invalid bytes and NUL characters: each row holding one is an error, named by its column. */
  private checkCharacters(file: string, cells: TCells, line: number, facts: TCsvFileFacts, columns: TColumns) {
    for (let i = 0; i < cells.length; i++) {
      const value = cells[i];
      const field = this.columnName(columns, i);
      if (facts.hasInvalidBytes && value.includes('\uFFFD')) {
        this.report('INVALID_ENCODING', { file, row: line, field, value });
      }
      if (facts.hasNul && value.includes('\u0000')) {
        this.report('CONTAINS_NULL', { file, row: line, field, value: value.replaceAll('\u0000', '␀') });
      }
    }
  }

  private readonly headerNames = new Map<TColumns, string[]>();

  private columnName(columns: TColumns, index: number): string | null {
    return this.headerNames.get(columns)?.[index] ?? null;
  }

  private readHeader(file: string, cells: TCells, spec: TGtfsFileSpec, facts: TCsvFileFacts): TColumns | null {
    const names = cells.map((name) => name.replace(/^\uFEFF/, '').trim());
    const positions = new Map<string, number>();
    const known = new Set<string>([...spec.required, ...spec.optional]);
    names.forEach((name, i) => {
      if (facts.hasInvalidBytes && name.includes('\uFFFD')) {
        this.report('INVALID_ENCODING', { file, row: 1, field: name, value: name });
      }
      if (positions.has(name)) {
        this.report('DUPLICATE_COLUMN', { file, row: 1, field: name });
        return;
      }
      positions.set(name, i);
      if (!known.has(name) && name !== '') this.report('UNKNOWN_COLUMN', { file, row: 1, field: name });
    });
    let isComplete = true;
    for (const required of spec.required) {
      if (!positions.has(required)) {
        this.report('MISSING_COLUMN', { file, row: 1, field: required });
        isComplete = false;
      }
    }
    if (file === 'stop_times.txt' && !positions.has('arrival_time') && !positions.has('departure_time')) {
      this.report('MISSING_COLUMN', { file, row: 1, field: 'arrival_time' });
      isComplete = false;
    }
    if (!isComplete) return null;
    const columns: TColumns = { index: (name) => positions.get(name) ?? -1 };
    this.headerNames.set(columns, names);
    return columns;
  }

  private rowHandler(file: TReadFileName, columns: TColumns): (cells: TCells, line: number) => void {
    switch (file) {
      case 'feed_info.txt':
        return this.feedInfoRow(columns);
      case 'agency.txt':
        return this.agencyRow(columns);
      case 'stops.txt':
        return this.stopRow(columns);
      case 'routes.txt':
        return this.routeRow(columns);
      case 'calendar.txt':
        return this.calendarRow(columns);
      case 'calendar_dates.txt':
        return this.calendarDateRow(columns);
      case 'shapes.txt':
        return this.shapeRow(columns);
      case 'trips.txt':
        return this.tripRow(columns);
      case 'frequencies.txt':
        return this.frequencyRow(columns);
      case 'stop_times.txt':
        throw new Error('stop_times.txt is read by stopTimeHandlers');
    }
  }

  /** A value the row cannot do without: reported when empty. */
  private required(file: string, cells: TCells, index: number, field: string, line: number): string | null {
    const value = cell(cells, index);
    if (value === '') {
      this.report('MISSING_VALUE', { file, row: line, field });
      return null;
    }
    return value;
  }

  private feedInfoRow(c: TColumns) {
    const file = 'feed_info.txt';
    const [publisher, version, start, end] = [
      'feed_publisher_name',
      'feed_version',
      'feed_start_date',
      'feed_end_date',
    ].map(c.index);
    return (cells: TCells, line: number) => {
      const date = (index: number, field: string) => {
        const raw = cell(cells, index);
        if (raw === '') return null;
        const value = parseGtfsDate(raw);
        if (value === null) this.report('INVALID_DATE', { file, row: line, field, value: raw });
        return value;
      };
      const info: TFeedInfo = {
        publisherName: cell(cells, publisher),
        version: cell(cells, version) || null,
        startDate: date(start, 'feed_start_date'),
        endDate: date(end, 'feed_end_date'),
      };
      this.model.feedInfo ??= info;
    };
  }

  private agencyRow(c: TColumns) {
    const file = 'agency.txt';
    const [id, name, url, timezone, lang, phone] = [
      'agency_id',
      'agency_name',
      'agency_url',
      'agency_timezone',
      'agency_lang',
      'agency_phone',
    ].map(c.index);
    const seen = new Set<string>();
    return (cells: TCells, line: number) => {
      const agencyId = cell(cells, id);
      if (seen.has(agencyId)) {
        this.report('DUPLICATE_ID', { file, row: line, field: 'agency_id', value: agencyId });
        return;
      }
      seen.add(agencyId);
      const agencyName = this.required(file, cells, name, 'agency_name', line);
      const agencyUrl = this.required(file, cells, url, 'agency_url', line);
      const agencyTimezone = this.required(file, cells, timezone, 'agency_timezone', line);
      if (agencyTimezone && !isTimeZone(agencyTimezone)) {
        this.report('INVALID_VALUE', { file, row: line, field: 'agency_timezone', value: agencyTimezone });
      }
      const agency: TAgency = {
        agencyId,
        name: agencyName ?? '',
        url: agencyUrl ?? '',
        timezone: agencyTimezone && isTimeZone(agencyTimezone) ? agencyTimezone : 'UTC',
        lang: cell(cells, lang) || null,
        phone: cell(cells, phone) || null,
      };
      this.model.agencies.push(agency);
      this.agencyLines.push(line);
    };
  }

  private stopRow(c: TColumns) {
    const file = 'stops.txt';
    const [id, code, name, desc, lat, lon, type, parent, zone, platform, wheelchair] = [
      'stop_id',
      'stop_code',
      'stop_name',
      'stop_desc',
      'stop_lat',
      'stop_lon',
      'location_type',
      'parent_station',
      'zone_id',
      'platform_code',
      'wheelchair_boarding',
    ].map(c.index);
    return (cells: TCells, line: number) => {
      const stopId = this.required(file, cells, id, 'stop_id', line);
      if (stopId === null) return;
      if (this.stopRefs.refOf(stopId) !== -1) {
        this.report('DUPLICATE_ID', { file, row: line, field: 'stop_id', value: stopId });
        return;
      }
      const rawType = cell(cells, type);
      const locationType = rawType === '' ? 0 : parseInteger(rawType, 0, 4);
      if (locationType === null) {
        this.report('INVALID_VALUE', { file, row: line, field: 'location_type', value: rawType });
        this.rejected.stops.add(stopId);
        return;
      }
      // Stops, stations and entrances are on the map: they need a name and a place.
      const isPlaced = locationType <= 2;
      const stopName = cell(cells, name);
      if (isPlaced && stopName === '') this.report('MISSING_VALUE', { file, row: line, field: 'stop_name' });
      const coordinate = (index: number, field: string, limit: number) => {
        const raw = cell(cells, index);
        if (raw === '') {
          if (isPlaced) this.report('MISSING_VALUE', { file, row: line, field });
          return null;
        }
        const value = parseDecimal(raw, -limit, limit);
        if (value === null) this.report('INVALID_VALUE', { file, row: line, field, value: raw });
        return value;
      };
      const latitude = coordinate(lat, 'stop_lat', 90);
      const longitude = coordinate(lon, 'stop_lon', 180);
      const rawWheelchair = cell(cells, wheelchair);
      const stop: TStop = {
        stopId,
        code: cell(cells, code) || null,
        name: stopName,
        description: cell(cells, desc) || null,
        latitude,
        longitude,
        locationType,
        parentStation: cell(cells, parent) || null,
        zoneId: cell(cells, zone) || null,
        platformCode: cell(cells, platform) || null,
        wheelchairBoarding: rawWheelchair === '' ? null : parseInteger(rawWheelchair, 0, 2),
      };
      this.model.stops.push(stop);
      this.stopRefs.set(stopId, this.model.stops.length);
    };
  }

  private routeRow(c: TColumns) {
    const file = 'routes.txt';
    const [id, agency, shortName, longName, desc, type, url, color, textColor, sortOrder] = [
      'route_id',
      'agency_id',
      'route_short_name',
      'route_long_name',
      'route_desc',
      'route_type',
      'route_url',
      'route_color',
      'route_text_color',
      'route_sort_order',
    ].map(c.index);
    const names = new Set<string>();
    return (cells: TCells, line: number) => {
      const routeId = this.required(file, cells, id, 'route_id', line);
      if (routeId === null) return;
      if (this.routeRefs.has(routeId)) {
        this.report('DUPLICATE_ID', { file, row: line, field: 'route_id', value: routeId });
        return;
      }
      const rawType = cell(cells, type);
      const routeType = parseInteger(rawType, 0, 1799);
      if (routeType === null) {
        if (rawType === '') this.report('MISSING_VALUE', { file, row: line, field: 'route_type' });
        else this.report('INVALID_VALUE', { file, row: line, field: 'route_type', value: rawType });
      }
      const short = cell(cells, shortName);
      const long = cell(cells, longName);
      if (short === '' && long === '') this.report('ROUTE_WITHOUT_NAME', { file, row: line, value: routeId });
      else if (short !== '' && short === long) {
        this.report('SAME_SHORT_AND_LONG_NAME', { file, row: line, field: 'route_long_name', value: long });
      }
      const agencyId = cell(cells, agency);
      const nameKey = `${agencyId}\u0000${short}\u0000${long}`;
      if (short !== '' || long !== '') {
        if (names.has(nameKey)) this.report('REPEATED_ROUTE_NAME', { file, row: line, value: short || long });
        names.add(nameKey);
      }
      const colour = (index: number, field: string) => {
        const raw = cell(cells, index);
        if (raw === '') return null;
        const value = parseColour(raw);
        if (value === null) this.report('IGNORED_VALUE', { file, row: line, field, value: raw });
        return value;
      };
      const rawSort = cell(cells, sortOrder);
      const route: TRoute = {
        routeId,
        agencyRef: null,
        shortName: short,
        longName: long,
        description: cell(cells, desc) || null,
        type: routeType ?? 3,
        url: cell(cells, url) || null,
        color: colour(color, 'route_color'),
        textColor: colour(textColor, 'route_text_color'),
        sortOrder: rawSort === '' ? null : parseInteger(rawSort, 0, 2_147_483_647),
      };
      this.model.routes.push(route);
      this.routeRefs.set(routeId, this.model.routes.length);
      this.routeAgencyIds.push({ ref: this.model.routes.length, agencyId, line });
    };
  }

  private calendarRow(c: TColumns) {
    const file = 'calendar.txt';
    const id = c.index('service_id');
    const days = WEEKDAY_COLUMNS.map(c.index);
    const [start, end] = ['start_date', 'end_date'].map(c.index);
    return (cells: TCells, line: number) => {
      const serviceId = this.required(file, cells, id, 'service_id', line);
      if (serviceId === null) return;
      if (this.serviceRefs.has(serviceId)) {
        this.report('DUPLICATE_ID', { file, row: line, field: 'service_id', value: serviceId });
        return;
      }
      let weekdays = 0;
      days.forEach((index, bit) => {
        const raw = cell(cells, index);
        if (raw === '1') weekdays |= 1 << bit;
        else if (raw !== '0')
          this.report('INVALID_VALUE', { file, row: line, field: WEEKDAY_COLUMNS[bit], value: raw });
      });
      const date = (index: number, field: string) => {
        const raw = cell(cells, index);
        const value = parseGtfsDate(raw);
        if (value === null) {
          if (raw === '') this.report('MISSING_VALUE', { file, row: line, field });
          else this.report('INVALID_DATE', { file, row: line, field, value: raw });
        }
        return value;
      };
      const startDate = date(start, 'start_date');
      const endDate = date(end, 'end_date');
      if (startDate !== null && endDate !== null && endDate < startDate) {
        this.report('INVALID_VALUE', { file, row: line, field: 'end_date', value: cell(cells, end) });
      }
      const service: TService = { serviceId, weekdays, startDate, endDate };
      this.model.services.push(service);
      this.serviceRefs.set(serviceId, this.model.services.length);
    };
  }

  private calendarDateRow(c: TColumns) {
    const file = 'calendar_dates.txt';
    const [id, dateIndex, type] = ['service_id', 'date', 'exception_type'].map(c.index);
    const seen = new Set<string>();
    return (cells: TCells, line: number) => {
      const serviceId = this.required(file, cells, id, 'service_id', line);
      const raw = cell(cells, dateIndex);
      const date = parseGtfsDate(raw);
      if (date === null) {
        if (raw === '') this.report('MISSING_VALUE', { file, row: line, field: 'date' });
        else this.report('INVALID_DATE', { file, row: line, field: 'date', value: raw });
      }
      const rawType = cell(cells, type);
      if (rawType !== '1' && rawType !== '2') {
        if (rawType === '') this.report('MISSING_VALUE', { file, row: line, field: 'exception_type' });
        else this.report('INVALID_VALUE', { file, row: line, field: 'exception_type', value: rawType });
      }
      if (serviceId === null || date === null || (rawType !== '1' && rawType !== '2')) return;
      const key = `${serviceId}\u0000${date}`;
      if (seen.has(key)) {
        this.report('DUPLICATE_CALENDAR_DATE', { file, row: line, field: 'date', value: raw });
        return;
      }
      seen.add(key);
      let serviceRef = this.serviceRefs.get(serviceId);
      if (serviceRef === undefined) {
        // A service defined only by its dates (feeds without calendar.txt, or Metro do Porto's ADFT).
        this.model.services.push({ serviceId, weekdays: 0, startDate: null, endDate: null });
        serviceRef = this.model.services.length;
        this.serviceRefs.set(serviceId, serviceRef);
      }
      const entry: TCalendarDate = { serviceRef, date, exceptionType: rawType === '1' ? 1 : 2 };
      this.model.calendarDates.push(entry);
    };
  }

  private readonly shapePoints = new Map<number, number[]>();

  private shapeRow(c: TColumns) {
    const file = 'shapes.txt';
    const [id, lat, lon, sequence] = ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence'].map(c.index);
    return (cells: TCells, line: number) => {
      const shapeId = this.required(file, cells, id, 'shape_id', line);
      if (shapeId === null) return;
      const number = (index: number, field: string, parse: (raw: string) => number | null) => {
        const raw = cell(cells, index);
        const value = parse(raw);
        if (value === null) {
          this.report(raw === '' ? 'MISSING_VALUE' : 'INVALID_VALUE', { file, row: line, field, value: raw || null });
        }
        return value;
      };
      const latitude = number(lat, 'shape_pt_lat', (raw) => parseDecimal(raw, -90, 90));
      const longitude = number(lon, 'shape_pt_lon', (raw) => parseDecimal(raw, -180, 180));
      const order = number(sequence, 'shape_pt_sequence', (raw) => parseInteger(raw, 0, 2_147_483_647));
      if (latitude === null || longitude === null || order === null) return;
      let ref = this.shapeRefs.get(shapeId);
      if (ref === undefined) {
        this.model.shapes.push({ shapeId, coordinates: [] });
        ref = this.model.shapes.length;
        this.shapeRefs.set(shapeId, ref);
      }
      let points = this.shapePoints.get(ref);
      if (!points) {
        points = [];
        this.shapePoints.set(ref, points);
      }
      points.push(order, longitude, latitude);
    };
  }

  private tripRow(c: TColumns) {
    const file = 'trips.txt';
    const [route, service, id, headsign, shortName, direction, block, shape] = [
      'route_id',
      'service_id',
      'trip_id',
      'trip_headsign',
      'trip_short_name',
      'direction_id',
      'block_id',
      'shape_id',
    ].map(c.index);
    const canCheckRoutes = this.usable.has('routes.txt');
    // Services can be looked up only when every calendar file the feed has was readable.
    const calendarFiles: TReadFileName[] = ['calendar.txt', 'calendar_dates.txt'];
    const canCheckServices =
      calendarFiles.some((name) => this.present.has(name)) &&
      calendarFiles.every((name) => !this.present.has(name) || this.usable.has(name));
    const canCheckShapes = this.usable.has('shapes.txt');
    return (cells: TCells, line: number) => {
      const tripId = this.required(file, cells, id, 'trip_id', line);
      const routeId = this.required(file, cells, route, 'route_id', line);
      const serviceId = this.required(file, cells, service, 'service_id', line);
      if (tripId === null) return;
      if (this.tripRefs.has(tripId)) {
        this.report('DUPLICATE_ID', { file, row: line, field: 'trip_id', value: tripId });
        return;
      }
      const routeRef = routeId === null ? undefined : this.routeRefs.get(routeId);
      if (routeId !== null && routeRef === undefined && canCheckRoutes && !this.rejected.routes.has(routeId)) {
        this.report('UNKNOWN_REFERENCE', { file, row: line, field: 'route_id', value: routeId });
      }
      const serviceRef = serviceId === null ? undefined : this.serviceRefs.get(serviceId);
      if (serviceId !== null && serviceRef === undefined && canCheckServices) {
        this.report('UNKNOWN_REFERENCE', { file, row: line, field: 'service_id', value: serviceId });
      }
      if (routeRef === undefined || serviceRef === undefined) {
        this.rejected.trips.add(tripId);
        return;
      }
      const rawDirection = cell(cells, direction);
      if (rawDirection !== '' && rawDirection !== '0' && rawDirection !== '1') {
        this.report('INVALID_VALUE', { file, row: line, field: 'direction_id', value: rawDirection });
      }
      const shapeId = cell(cells, shape);
      let shapeRef: number | null = null;
      if (shapeId !== '') {
        shapeRef = this.shapeRefs.get(shapeId) ?? null;
        if (shapeRef === null) {
          this.report('UNKNOWN_SHAPE', { file, row: line, field: 'shape_id', value: shapeId });
        } else if (!canCheckShapes) shapeRef = null;
      }
      const trip: TTrip = {
        tripId,
        routeRef,
        serviceRef,
        headsign: cell(cells, headsign) || null,
        shortName: cell(cells, shortName) || null,
        directionId: rawDirection === '1' ? 1 : 0,
        blockId: cell(cells, block) || null,
        shapeRef,
      };
      this.model.trips.push(trip);
      this.tripRefs.set(tripId, this.model.trips.length);
    };
  }

  private frequencyRow(c: TColumns) {
    const file = 'frequencies.txt';
    const [trip, start, end, headway, exact] = ['trip_id', 'start_time', 'end_time', 'headway_secs', 'exact_times'].map(
      c.index,
    );
    return (cells: TCells, line: number) => {
      const tripId = this.required(file, cells, trip, 'trip_id', line);
      if (tripId === null) return;
      const tripRef = this.tripRefs.get(tripId);
      if (tripRef === undefined) {
        if (this.usable.has('trips.txt') && !this.rejected.trips.has(tripId)) {
          this.report('UNKNOWN_REFERENCE', { file, row: line, field: 'trip_id', value: tripId });
        }
        return;
      }
      const time = (index: number, field: string) => {
        const raw = cell(cells, index);
        const value = parseGtfsTime(raw);
        if (value === null) {
          this.report(raw === '' ? 'MISSING_VALUE' : 'INVALID_TIME', { file, row: line, field, value: raw || null });
        }
        return value;
      };
      const startTime = time(start, 'start_time');
      const endTime = time(end, 'end_time');
      const rawHeadway = cell(cells, headway);
      const headwaySecs = parseInteger(rawHeadway, 1, 86_400);
      if (headwaySecs === null) {
        this.report('INVALID_VALUE', { file, row: line, field: 'headway_secs', value: rawHeadway });
      }
      const rawExact = cell(cells, exact);
      if (rawExact !== '' && rawExact !== '0' && rawExact !== '1') {
        this.report('IGNORED_VALUE', { file, row: line, field: 'exact_times', value: rawExact });
      }
      if (startTime === null || endTime === null || headwaySecs === null) return;
      if (endTime < startTime) {
        this.report('INVALID_VALUE', { file, row: line, field: 'end_time', value: cell(cells, end) });
        return;
      }
      const frequency: TFrequency = { tripRef, startTime, endTime, headwaySecs, exactTimes: rawExact === '1' ? 1 : 0 };
      this.model.frequencies.push(frequency);
    };
  }

  // Per trip, by trip ref: how many stop_times, and whether the first and last (by sequence) are timed.
  private tripStopCount = new Int32Array(0);
  private tripMinSequence = new Int32Array(0);
  private tripMaxSequence = new Int32Array(0);
  private tripFirstTimed = new Uint8Array(0);
  private tripLastTimed = new Uint8Array(0);
  private stopUsed = new Uint8Array(0);

  /**
   * stop_times' two ways in: each plain line (see plain-stop-time.ts) taken straight from the text, and
   * every other row through its cells, which reports what is wrong with it. Both end in the same checks
   * of the trip's sequence (admit) and the same record of the row (store).
   */
  private stopTimeHandlers(c: TColumns, cellCount: number) {
    const file = 'stop_times.txt';
    const layout: TStopTimeLayout = {
      cells: cellCount,
      trip: c.index('trip_id'),
      arrival: c.index('arrival_time'),
      departure: c.index('departure_time'),
      stop: c.index('stop_id'),
      sequence: c.index('stop_sequence'),
      pickup: c.index('pickup_type'),
      dropOff: c.index('drop_off_type'),
    };
    const tripCount = this.model.trips.length;
    this.tripStopCount = new Int32Array(tripCount + 1);
    this.tripMinSequence = new Int32Array(tripCount + 1).fill(2_147_483_647);
    this.tripMaxSequence = new Int32Array(tripCount + 1).fill(-1);
    this.tripFirstTimed = new Uint8Array(tripCount + 1);
    this.tripLastTimed = new Uint8Array(tripCount + 1);
    this.stopUsed = new Uint8Array(this.model.stops.length + 1);
    const canCheckTrips = this.usable.has('trips.txt');
    const canCheckStops = this.usable.has('stops.txt');
    const sink = this.sink;
    // Rows of one trip usually come together: their sequences are checked for repeats as they come. They
    // mostly come in order too: a sequence above the trip's highest so far cannot repeat one, and only a trip
    // that goes back gets a Set of its sequences (one Set per trip cost a million allocations a million rows).
    let currentTrip = 0;
    let currentSequences = new Int32Array(64);
    let currentCount = 0;
    let currentMax = -1;
    let unorderedSequences: Set<number> | null = null;
    const finishedTrips = new Uint8Array(tripCount + 1);

    /** The row's place in its trip: false (reported) when its sequence repeats one of the trip's rows. */
    const admit = (tripRef: number, tripId: string, stopSequence: number, line: number): boolean => {
      if (tripRef !== currentTrip) {
        if (currentTrip !== 0) finishedTrips[currentTrip] = 1;
        currentTrip = tripRef;
        // A trip whose rows come back after another trip's is not checked here; the import checks it once the
        // trip's rows are put together (trip-patterns.ts).
        if (finishedTrips[tripRef]) this.model.hasScatteredTrips = true;
        currentCount = 0;
        currentMax = -1;
        unorderedSequences = null;
      }
      if (finishedTrips[tripRef]) return true;
      if (!unorderedSequences && stopSequence > currentMax) {
        currentMax = stopSequence;
        if (currentCount === currentSequences.length) {
          const grown = new Int32Array(currentCount * 2);
          grown.set(currentSequences);
          currentSequences = grown;
        }
        currentSequences[currentCount++] = stopSequence;
        return true;
      }
      unorderedSequences ??= new Set(currentSequences.subarray(0, currentCount));
      if (unorderedSequences.has(stopSequence)) {
        this.report('DUPLICATE_STOP_SEQUENCE', {
          file,
          row: line,
          field: 'stop_sequence',
          value: `${tripId} ${stopSequence}`,
        });
        return false;
      }
      unorderedSequences.add(stopSequence);
      return true;
    };

    const store = (
      tripRef: number,
      stopRef: number,
      stopSequence: number,
      arrival: number,
      departure: number,
      pickupType: number,
      dropOffType: number,
    ) => {
      const isTimed = arrival !== -1 ? 1 : 0;
      if (!isTimed) this.model.untimedStopTimeCount++;
      this.tripStopCount[tripRef]++;
      if (stopSequence < this.tripMinSequence[tripRef]) {
        this.tripMinSequence[tripRef] = stopSequence;
        this.tripFirstTimed[tripRef] = isTimed;
      }
      if (stopSequence > this.tripMaxSequence[tripRef]) {
        this.tripMaxSequence[tripRef] = stopSequence;
        this.tripLastTimed[tripRef] = isTimed;
      }
      this.stopUsed[stopRef] = 1;
      this.model.stopTimeCount++;
      sink?.add(tripRef, stopRef, stopSequence, arrival, departure, pickupType, dropOffType);
    };

    const readPlain = createPlainStopTimeReader(layout);
    // Consecutive rows mostly share their trip: its id is compared in place, not cut out and looked up again.
    let plainTripId = '';
    let plainTripRef = 0;
    const onPlainLine: TCsvLineHandler = (text, start, end, line) => {
      const row = readPlain(text, start, end);
      if (!row) return false;
      if (row.tripEnd - row.tripStart !== plainTripId.length || !text.startsWith(plainTripId, row.tripStart)) {
        const tripId = text.slice(row.tripStart, row.tripEnd);
        const tripRef = this.tripRefs.get(tripId);
        if (tripRef === undefined) return false;
        plainTripId = tripId;
        plainTripRef = tripRef;
      }
      const stopRef = this.stopRefs.get(text, row.stopStart, row.stopEnd);
      if (stopRef === -1) return false;
      this.rowsRead++;
      if (admit(plainTripRef, plainTripId, row.sequence, line)) {
        store(plainTripRef, stopRef, row.sequence, row.arrival, row.departure, row.pickupType, row.dropOffType);
      }
      return true;
    };

    const time = (cells: TCells, index: number, field: string, line: number): number => {
      const raw = cell(cells, index);
      if (raw === '') return -1;
      const value = parseGtfsTime(raw);
      if (value === null) {
        this.report('INVALID_TIME', { file, row: line, field, value: raw });
        return -2;
      }
      return value;
    };
    const smallCode = (cells: TCells, index: number, field: string, line: number): number => {
      const raw = cell(cells, index);
      if (raw === '' || raw === '0') return 0;
      const value = parseInteger(raw, 0, 3);
      if (value === null) {
        this.report('IGNORED_VALUE', { file, row: line, field, value: raw });
        return 0;
      }
      return value;
    };

    const onRow = (cells: TCells, line: number) => {
      const tripId = cell(cells, layout.trip);
      const stopId = cell(cells, layout.stop);
      const rawSequence = cell(cells, layout.sequence);
      if (tripId === '') return this.report('MISSING_VALUE', { file, row: line, field: 'trip_id' });
      if (stopId === '') return this.report('MISSING_VALUE', { file, row: line, field: 'stop_id' });
      const tripRef = this.tripRefs.get(tripId);
      if (tripRef === undefined) {
        if (canCheckTrips && !this.rejected.trips.has(tripId)) {
          this.report('UNKNOWN_REFERENCE', { file, row: line, field: 'trip_id', value: tripId });
        }
        return;
      }
      const stopRef = this.stopRefs.refOf(stopId);
      if (stopRef === -1) {
        if (canCheckStops && !this.rejected.stops.has(stopId)) {
          this.report('UNKNOWN_REFERENCE', { file, row: line, field: 'stop_id', value: stopId });
        }
        return;
      }
      const stopSequence = parseInteger(rawSequence, 0, 2_147_483_646);
      if (stopSequence === null) {
        if (rawSequence === '') this.report('MISSING_VALUE', { file, row: line, field: 'stop_sequence' });
        else this.report('INVALID_VALUE', { file, row: line, field: 'stop_sequence', value: rawSequence });
        return;
      }
      let arrival = time(cells, layout.arrival, 'arrival_time', line);
      let departure = time(cells, layout.departure, 'departure_time', line);
      if (arrival === -2 || departure === -2) return;
      if (arrival === -1 && departure !== -1) {
        arrival = departure;
        this.report('MISSING_ARRIVAL_OR_DEPARTURE', { file, row: line, field: 'arrival_time' });
      } else if (departure === -1 && arrival !== -1) {
        departure = arrival;
        this.report('MISSING_ARRIVAL_OR_DEPARTURE', { file, row: line, field: 'departure_time' });
      }
      if (!admit(tripRef, tripId, stopSequence, line)) return;
      store(
        tripRef,
        stopRef,
        stopSequence,
        arrival,
        departure,
        smallCode(cells, layout.pickup, 'pickup_type', line),
        smallCode(cells, layout.dropOff, 'drop_off_type', line),
      );
    };

    return { onRow, onPlainLine };
  }

  /** Checks that need a whole file read. */
  private afterFile(file: TReadFileName) {
    if (file === 'agency.txt' && this.model.agencies.length > 1) {
      this.model.agencies.forEach((agency, i) => {
        if (agency.agencyId === '') {
          this.report('MISSING_AGENCY_ID', { file, row: this.agencyLines[i], field: 'agency_id' });
        }
      });
    }
    if (file === 'stops.txt') {
      this.reportStopsAtSamePlace();
      const stations = new Set(this.model.stops.filter((s) => s.locationType === 1).map((s) => s.stopId));
      this.model.stops.forEach((stop, i) => {
        if (stop.parentStation && !stations.has(stop.parentStation) && this.stopRefs.refOf(stop.parentStation) === -1) {
          this.report('UNKNOWN_REFERENCE', { file, row: null, field: 'parent_station', value: stop.parentStation });
          this.model.stops[i] = { ...stop, parentStation: null };
        }
      });
    }
    if (file === 'routes.txt') this.resolveRouteAgencies();
    if (file === 'shapes.txt') {
      for (const [ref, points] of this.shapePoints) {
        const order: number[] = [];
        for (let i = 0; i < points.length; i += 3) order.push(i);
        order.sort((a, b) => points[a] - points[b]);
        this.model.shapes[ref - 1].coordinates = order.map((i) => [points[i + 1], points[i + 2]]);
      }
      this.shapePoints.clear();
    }
  }

  /** Two boarding stops on the same spot (within about a metre) are usually one stop entered twice. */
  private reportStopsAtSamePlace() {
    const byPlace = new Map<string, string>();
    for (const stop of this.model.stops) {
      if (stop.locationType !== 0 || stop.latitude === null || stop.longitude === null) continue;
      const place = `${stop.latitude.toFixed(5)},${stop.longitude.toFixed(5)}`;
      const other = byPlace.get(place);
      if (other) {
        this.report('STOPS_AT_SAME_PLACE', { file: 'stops.txt', field: 'stop_id', value: `${other} / ${stop.stopId}` });
      } else byPlace.set(place, stop.stopId);
    }
  }

  private resolveRouteAgencies() {
    const file = 'routes.txt';
    if (!this.usable.has('agency.txt')) return;
    const agencies = this.model.agencies;
    const refById = new Map(agencies.map((agency, i) => [agency.agencyId, i + 1]));
    for (const { ref, agencyId, line } of this.routeAgencyIds) {
      if (agencyId === '') {
        // One agency: routes may leave agency_id empty. Several: they must say which.
        if (agencies.length > 1) this.report('MISSING_AGENCY_ID', { file, row: line, field: 'agency_id' });
        else if (agencies.length === 1) this.model.routes[ref - 1].agencyRef = 1;
        continue;
      }
      const agencyRef = refById.get(agencyId);
      if (agencyRef === undefined)
        this.report('UNKNOWN_REFERENCE', { file, row: line, field: 'agency_id', value: agencyId });
      else this.model.routes[ref - 1].agencyRef = agencyRef;
    }
  }

  private finish() {
    const model = this.model;
    if (this.usable.has('stop_times.txt')) {
      for (let ref = 1; ref <= model.trips.length; ref++) {
        const tripId = model.trips[ref - 1].tripId;
        const count = this.tripStopCount[ref];
        if (count === 0) this.report('TRIP_WITHOUT_STOP_TIMES', { file: 'trips.txt', field: 'trip_id', value: tripId });
        else if (count === 1)
          this.report('TRIP_TOO_SHORT', { file: 'stop_times.txt', field: 'trip_id', value: tripId });
        if (count > 0 && (!this.tripFirstTimed[ref] || !this.tripLastTimed[ref])) {
          this.report('MISSING_ENDPOINT_TIME', { file: 'stop_times.txt', field: 'arrival_time', value: tripId });
        }
      }
      model.stops.forEach((stop, i) => {
        if (stop.locationType === 0 && !this.stopUsed[i + 1]) {
          this.report('UNUSED_STOP', { file: 'stops.txt', field: 'stop_id', value: stop.stopId });
        }
      });
      if (model.untimedStopTimeCount > 0) {
        this.report('UNTIMED_STOPS_INTERPOLATED', { file: 'stop_times.txt', value: model.untimedStopTimeCount });
      }
    }
    if (this.usable.has('trips.txt')) {
      if (model.trips.length === 0) this.report('NO_TRIPS', { file: 'trips.txt' });
      const usedServices = new Uint8Array(model.services.length + 1);
      for (const trip of model.trips) usedServices[trip.serviceRef] = 1;
      model.services.forEach((service, i) => {
        if (!usedServices[i + 1]) this.report('UNUSED_SERVICE', { field: 'service_id', value: service.serviceId });
      });
    }
    this.settleDates();
  }

  /** The feed's service period: feed_info's when it gives one, else the calendars' span. */
  private settleDates() {
    const model = this.model;
    let start: number | null = null;
    let end: number | null = null;
    const widen = (from: number | null, to: number | null) => {
      if (from !== null && (start === null || from < start)) start = from;
      if (to !== null && (end === null || to > end)) end = to;
    };
    for (const service of model.services) if (service.weekdays !== 0) widen(service.startDate, service.endDate);
    for (const date of model.calendarDates) if (date.exceptionType === 1) widen(date.date, date.date);
    model.startDate = model.feedInfo?.startDate ?? start;
    model.endDate = model.feedInfo?.endDate ?? end;
    const today = this.options.today;
    if (today !== undefined && model.endDate !== null && model.endDate < today) {
      this.report('FEED_EXPIRED', { value: formatIsoDate(model.endDate) });
    }
  }
}

/**
 * Reads a GTFS zip from disk, one file at a time and stop_times as a stream,
 * checking everything the timetable relies on. Never throws for a bad feed:
 * every problem ends in the report. Throws only when aborted or on I/O failure.
 */
export async function readGtfsFeed(zipPath: string, options: TReadFeedOptions = {}): Promise<TReadFeedResult> {
  const reader = new FeedReader(options);
  let archive: TZipArchive;
  try {
    archive = await openZipArchive(zipPath, options.zipLimits);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    reader.issues.add('NOT_A_ZIP', { value: error instanceof Error ? error.message : null });
    return { model: null, issues: reader.issues, rowsRead: 0 };
  }
  try {
    await reader.read(archive);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (error instanceof ZipSizeLimitError) {
      reader.issues.add(error.kind === 'FILE' ? 'FILE_TOO_LARGE' : 'FEED_TOO_LARGE', {
        file: path.posix.basename(error.path),
        value: formatByteSize(error.limit),
      });
      return { model: null, issues: reader.issues, rowsRead: reader.rowsRead };
    }
    // A zip whose member cannot be inflated (corrupt data, unsupported compression) is a bad upload, not a crash.
    if (
      error instanceof Error &&
      /invalid|unsupported|corrupt|zip|inflat|crc|too many length|too (many|few) bytes/i.test(error.message)
    ) {
      reader.issues.add('NOT_A_ZIP', { value: error.message });
      return { model: null, issues: reader.issues, rowsRead: reader.rowsRead };
    }
    throw error;
  } finally {
    archive.close();
  }
  return { model: reader.model, issues: reader.issues, rowsRead: reader.rowsRead };
}
