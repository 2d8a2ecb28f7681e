/**
 * Generated bus networks written in the shapes real feeds have, to sit beside
 * Metro do Porto's real feed in the bench: CRLF lines, names with commas
 * (quoted), one exporter that quotes every field, unpadded hours next to
 * padded ones, trips running past 24:00, thousands of stops, long routes, a
 * hub many routes serve and a trunk route with a bus every few minutes.
 * Deterministic: the same seed and size give the same rows.
 */

/** The date the bench asks timetables for: a Monday, inside every generated and real service period. */
export const SCHEDULE_DATE = '2025-04-14';
/** The bench's stated shape: the busiest stop's passings and the busiest route's trips on SCHEDULE_DATE. */
export const HUB_PASSINGS_GOAL = 3_000;
export const ROUTE_TRIPS_GOAL = 500;
export const LONG_ROUTE_STOPS = 60;

/** mulberry32: small, fast and the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type TValue = string | number;

/** Rows of one GTFS file, in the column order of its header (Metro's, when Metro has the file). */
export class CsvRows {
  readonly header: string[];
  readonly lines: string[] = [];
  constructor(header: string[]) {
    this.header = header;
  }

  /** Columns the header lacks are dropped; `quoteAll` writes as the exporters that quote every field. */
  add(row: Record<string, TValue>, quoteAll = false): void {
    this.lines.push(this.header.map((column) => csvField(row[column] ?? '', quoteAll)).join(','));
  }
}

function csvField(value: TValue, quoteAll: boolean): string {
  const text = String(value);
  return quoteAll || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The generated networks' part of each file, by file name. */
export type TGeneratedTables = Record<
  'calendar.txt' | 'calendar_dates.txt' | 'stops.txt' | 'routes.txt' | 'trips.txt' | 'shapes.txt' | 'stop_times.txt',
  CsvRows
>;

interface TStop {
  id: string;
  name: string;
  lat: number;
  lon: number;
}

interface TNetwork {
  code: string;
  /** How this network's exporter writes: "5:07:00" or "05:07:00", bare fields or every field quoted. */
  padsHours: boolean;
  quotesAll: boolean;
  lat: number;
  lon: number;
}

interface TRoute {
  network: TNetwork;
  id: string;
  shortName: string;
  longName: string;
  stops: TStop[];
  /** Trips a weekday in each direction; Saturdays and Sundays run fewer. */
  weekdayTrips: number;
  /** First and last departure from the first stop, in minutes after the service day's midnight. */
  firstMinute: number;
  lastMinute: number;
  hasPeaks: boolean;
}

const SERVICES = [
  { id: 'RN_UTEIS', days: [1, 1, 1, 1, 1, 0, 0], share: 1 },
  { id: 'RN_SABADOS', days: [0, 0, 0, 0, 0, 1, 0], share: 0.55 },
  { id: 'RN_DOMINGOS', days: [0, 0, 0, 0, 0, 0, 1], share: 0.35 },
];
/** Public holidays on weekdays: the Sunday service runs instead of the weekday one. */
const HOLIDAYS = ['20250425', '20250501', '20250610', '20250815'];

const STREETS = [
  'Avenida da República',
  'Rua de Santa Catarina',
  'Largo do Rato',
  'Rua Direita',
  'Avenida da Liberdade',
  'Rua do Comércio',
  'Praça do Município',
  'Estrada Nacional 1',
  'Rua 25 de Abril',
  'Avenida dos Aliados',
  'Rua da Escola Primária',
  'Bairro do Rego',
  "Rua Dr. Manuel d'Arriaga",
  'Quinta das Flores',
  'Hospital Distrital',
  'Escola Secundária',
];
const GRID = 50;
/** Metres to degrees, near 40° N: close enough for stops a few hundred metres apart. */
const LAT_PER_M = 1 / 111_000;
const LON_PER_M = 1 / 85_000;

function stopName(random: () => number): string {
  const street = STREETS[Math.floor(random() * STREETS.length)];
  // Real names carry the door number or a landmark after a comma, which the CSV must quote.
  return random() < 0.6 ? `${street}, ${1 + Math.floor(random() * 300)}` : street;
}

/** A town's grid of possible stops about 350 m apart; only the ones some route serves are written. */
function gridStops(network: TNetwork, random: () => number): TStop[][] {
  return Array.from({ length: GRID }, (_, i) =>
    Array.from({ length: GRID }, (_, j) => ({
      id: `${network.code}${i}_${j}`,
      name: stopName(random),
      lat: network.lat + ((i - GRID / 2) * 350 + (random() - 0.5) * 80) * LAT_PER_M,
      lon: network.lon + ((j - GRID / 2) * 350 + (random() - 0.5) * 80) * LON_PER_M,
    })),
  );
}

/** `steps` cells from (i, j), each one step along i or j in the given signs: a path that never turns back. */
function walk(i: number, j: number, si: number, sj: number, steps: number, random: () => number): [number, number][] {
  const cells: [number, number][] = [];
  for (let k = 0; k < steps; k++) {
    const canI = i + si >= 0 && i + si < GRID;
    const canJ = j + sj >= 0 && j + sj < GRID;
    if (!canI && !canJ) break;
    if (canI && (!canJ || random() < 0.5)) i += si;
    else j += sj;
    cells.push([i, j]);
  }
  return cells;
}

const sign = (random: () => number) => (random() < 0.5 ? -1 : 1);
const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** A route through the cell (ci, cj), `before` stops on one side and `after` on the other. */
function routeThrough(ci: number, cj: number, before: number, after: number, random: () => number): [number, number][] {
  const si = sign(random);
  const sj = sign(random);
  return [...walk(ci, cj, -si, -sj, before, random).reverse(), [ci, cj], ...walk(ci, cj, si, sj, after, random)];
}

/** A route of about `length` stops starting near the grid's corner it leaves from. */
function routeAcross(length: number, random: () => number): [number, number][] {
  const si = sign(random);
  const sj = sign(random);
  const start = (s: number) => (s > 0 ? between(random, 0, 8) : between(random, GRID - 9, GRID - 1));
  const i = start(si);
  const j = start(sj);
  return [[i, j], ...walk(i, j, si, sj, length - 1, random)];
}

/**
 * Departure minutes for `count` trips between `first` and `last`: twice as
 * dense in the morning and evening peaks, half as dense late at night.
 */
function departures(count: number, first: number, last: number, hasPeaks: boolean): number[] {
  const weight = (minute: number) => {
    const hour = (minute / 60) % 24;
    if (!hasPeaks) return 1;
    if ((hour >= 7 && hour < 9.5) || (hour >= 17 && hour < 19.5)) return 2;
    return hour >= 21 || hour < 5 ? 0.5 : 1;
  };
  const cumulative: number[] = [];
  let total = 0;
  for (let minute = first; minute <= last; minute++) {
    total += weight(minute);
    cumulative.push(total);
  }
  const result: number[] = [];
  let index = 0;
  for (let k = 0; k < count; k++) {
    const target = count === 1 ? 0 : (k / (count - 1)) * total;
    while (index < cumulative.length - 1 && cumulative[index] < target) index++;
    result.push(first + index);
  }
  return result;
}

/** GTFS time of a second of the service day: hours go past 24 for trips after midnight. */
function gtfsTime(seconds: number, padsHours: boolean): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const rest = String(seconds % 60).padStart(2, '0');
  return `${padsHours ? String(hours).padStart(2, '0') : hours}:${minutes}:${rest}`;
}

function distanceM(a: TStop, b: TStop): number {
  return Math.hypot((a.lat - b.lat) / LAT_PER_M, (a.lon - b.lon) / LON_PER_M);
}

/** One trip's row and its stop_times; `legs` are the minutes from each stop to the next. */
function writeTrip(
  tables: TGeneratedTables,
  route: TRoute,
  trip: { id: string; serviceId: string; direction: 0 | 1; shapeId: string; startMinute: number },
  stops: TStop[],
  legs: number[],
): void {
  const { padsHours, quotesAll } = route.network;
  tables['trips.txt'].add(
    {
      route_id: route.id,
      service_id: trip.serviceId,
      trip_id: trip.id,
      trip_headsign: stops[stops.length - 1].name,
      direction_id: trip.direction,
      shape_id: trip.shapeId,
    },
    quotesAll,
  );
  let at = trip.startMinute * 60;
  let travelled = 0;
  for (let k = 0; k < stops.length; k++) {
    // A longer halt every eighth stop (a timing point): arrival and departure differ there.
    const dwell = k > 0 && k < stops.length - 1 && k % 8 === 0 ? 60 : 0;
    tables['stop_times.txt'].add(
      {
        trip_id: trip.id,
        arrival_time: gtfsTime(at, padsHours),
        departure_time: gtfsTime(at + dwell, padsHours),
        stop_id: stops[k].id,
        stop_sequence: k + 1,
        pickup_type: k === stops.length - 1 ? 1 : 0,
        drop_off_type: k === 0 ? 1 : 0,
        shape_dist_traveled: (travelled / 1000).toFixed(3),
      },
      quotesAll,
    );
    if (k < legs.length) {
      at += dwell + legs[k] * 60;
      travelled += distanceM(stops[k], stops[k + 1]);
    }
  }
}

/** The route's row and the stops no earlier route wrote. */
function writeRouteAndStops(route: TRoute, tables: TGeneratedTables, random: () => number, written: Set<string>) {
  const quote = route.network.quotesAll;
  for (const stop of route.stops) {
    if (written.has(stop.id)) continue;
    written.add(stop.id);
    const coordinates = { stop_lat: stop.lat.toFixed(6), stop_lon: stop.lon.toFixed(6) };
    tables['stops.txt'].add({ stop_id: stop.id, stop_code: written.size, stop_name: stop.name, ...coordinates }, quote);
  }
  const color = Math.floor(random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')
    .toUpperCase();
  tables['routes.txt'].add(
    {
      route_id: route.id,
      route_short_name: route.shortName,
      route_long_name: route.longName,
      route_type: 3,
      route_color: color,
      route_text_color: 'FFFFFF',
    },
    quote,
  );
}

/** Writes a route's stops, shapes, trips both ways and stop_times; answers how many stop_times. */
function writeRoute(route: TRoute, tables: TGeneratedTables, random: () => number, written: Set<string>): number {
  writeRouteAndStops(route, tables, random, written);
  // Driving time to the next stop: about 25 km/h, whole minutes, at least one.
  const legs = route.stops.slice(1).map((stop, k) => Math.max(1, Math.round(distanceM(route.stops[k], stop) / 420)));
  let count = 0;
  for (const direction of [0, 1] as const) {
    const stops = direction === 0 ? route.stops : [...route.stops].reverse();
    const minutes = direction === 0 ? legs : [...legs].reverse();
    const shapeId = `${route.id}_${direction}`;
    for (const [k, stop] of stops.entries()) {
      tables['shapes.txt'].add(
        {
          shape_id: shapeId,
          shape_pt_lat: stop.lat.toFixed(6),
          shape_pt_lon: stop.lon.toFixed(6),
          shape_pt_sequence: k,
        },
        route.network.quotesAll,
      );
    }
    for (const service of SERVICES) {
      const trips = Math.max(1, Math.round(route.weekdayTrips * service.share));
      const starts = departures(trips, route.firstMinute, route.lastMinute, route.hasPeaks && service.share === 1);
      for (const [n, startMinute] of starts.entries()) {
        const id = `${shapeId}_${service.id.slice(3, 6)}_${n}`;
        const trip = { id, serviceId: service.id, direction, shapeId, startMinute };
        writeTrip(tables, route, trip, stops, minutes);
        count += stops.length;
      }
    }
  }
  return count;
}

const URBAN: TNetwork[] = [
  // Each network its exporter's habits: unpadded hours or padded ones; the regional one quotes every field.
  { code: 'LX', padsHours: false, quotesAll: false, lat: 38.7369, lon: -9.1427 },
  { code: 'BR', padsHours: true, quotesAll: false, lat: 41.5503, lon: -8.42 },
  { code: 'CB', padsHours: false, quotesAll: false, lat: 40.2033, lon: -8.4103 },
];
const REGIONAL: TNetwork = { code: 'RG', padsHours: true, quotesAll: true, lat: 40.6566, lon: -7.9125 };
const HUB = { name: 'Estação Central, Terminal Rodoviário', cell: GRID / 2 };

/**
 * The generated networks, about `stopTimes` stop_times in all (never fewer
 * than their core: the hub's routes, the trunk route and the regional lines).
 * Header columns come from `headers` (the real feed's), so both halves of
 * every file line up.
 */
export function generateNetworks(stopTimes: number, headers: Record<string, string[]>, seed: number): TGeneratedTables {
  const random = seededRandom(seed);
  const tables = Object.fromEntries(
    Object.entries(headers).map(([file, header]) => [file, new CsvRows(header)]),
  ) as TGeneratedTables;
  for (const service of SERVICES) {
    const [monday, tuesday, wednesday, thursday, friday, saturday, sunday] = service.days;
    tables['calendar.txt'].add({
      service_id: service.id,
      ...{ monday, tuesday, wednesday, thursday, friday, saturday, sunday },
      start_date: '20250101',
      end_date: '20251231',
    });
  }
  for (const date of HOLIDAYS) {
    tables['calendar_dates.txt'].add({ service_id: 'RN_UTEIS', date, exception_type: 2 });
    tables['calendar_dates.txt'].add({ service_id: 'RN_DOMINGOS', date, exception_type: 1 });
  }

  const grids = URBAN.map((network) => gridStops(network, random));
  grids[0][HUB.cell][HUB.cell].name = HUB.name;
  const written = new Set<string>();
  const routeCounts = URBAN.map(() => 0);
  const urbanRoute = (n: number, cells: [number, number][], weekdayTrips: number, hasLateTrips: boolean): TRoute => {
    const network = URBAN[n];
    const stops = cells.map(([i, j]) => grids[n][i][j]);
    const shortName = String(100 * (n + 1) + ++routeCounts[n]);
    return {
      network,
      id: `${network.code}${shortName}`,
      shortName,
      longName: `${stops[0].name} - ${stops[stops.length - 1].name}`,
      stops,
      weekdayTrips,
      firstMinute: 5 * 60 + between(random, 0, 45),
      // The late trips leave after midnight of the service day: their times pass 24:00.
      lastMinute: hasLateTrips ? 24 * 60 + between(random, 10, 50) : 21 * 60 + between(random, 0, 90),
      hasPeaks: true,
    };
  };

  let total = 0;
  // The trunk: 48 stops through the hub, 270 trips a weekday each way.
  total += writeRoute(
    urbanRoute(0, routeThrough(HUB.cell, HUB.cell, 23, 24, random), 270, true),
    tables,
    random,
    written,
  );
  // Twenty routes through the hub, 30 to 70 stops, about a bus every quarter of an hour each way.
  for (let k = 0; k < 20; k++) {
    const before = between(random, 14, 34);
    const cells = routeThrough(HUB.cell, HUB.cell, before, between(random, 15, 35), random);
    total += writeRoute(urbanRoute(0, cells, between(random, 64, 76), k % 2 === 0), tables, random, written);
  }
  // Regional lines out of one terminal: long, a handful of trips a day, each with stops of its own.
  const terminal: TStop = { id: 'RG_T', name: 'Terminal Rodoviário, Viseu', lat: REGIONAL.lat, lon: REGIONAL.lon };
  for (let k = 0; k < 40; k++) {
    const angle = (k / 40) * 2 * Math.PI;
    const length = between(random, LONG_ROUTE_STOPS, 95);
    const stops = [terminal];
    for (let s = 1; s < length; s++) {
      const metres = s * 1_100 + (random() - 0.5) * 300;
      stops.push({
        id: `RG${k}_${s}`,
        name: stopName(random),
        lat: REGIONAL.lat + Math.sin(angle) * metres * LAT_PER_M,
        lon: REGIONAL.lon + Math.cos(angle) * metres * LON_PER_M,
      });
    }
    const shortName = String(1000 + k);
    const route: TRoute = {
      network: REGIONAL,
      id: `RG${shortName}`,
      shortName,
      longName: `Viseu - ${stops[length - 1].name}`,
      stops,
      weekdayTrips: between(random, 5, 8),
      firstMinute: 6 * 60 + between(random, 0, 60),
      lastMinute: 19 * 60 + between(random, 0, 150),
      hasPeaks: false,
    };
    total += writeRoute(route, tables, random, written);
  }
  // Then town routes, many of them long, in the three towns in turn until the size asked for.
  for (let k = 0; total < stopTimes; k++) {
    const n = k % URBAN.length;
    const cells = routeAcross(between(random, 20, 95), random);
    total += writeRoute(urbanRoute(n, cells, between(random, 18, 90), random() < 0.3), tables, random, written);
  }
  return tables;
}
