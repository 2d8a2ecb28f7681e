import { openDatabase, type TDatabase } from '@mip/server/src/db/database.ts';
import { readRunningEmbeddedUrl } from '@mip/server/src/db/embedded.ts';
import { openSession } from '@mip/server/src/modules/auth/session-store.ts';
import type { TFigureGroup } from './figures.ts';
import { loadUrl, readLoadOptions } from './http-throughput.ts';
import { measureP95, SEARCH_P95_GOAL_MS, signInAsAdmin } from './identity-search.ts';
import { MAP_P95_GOAL_MS } from './map.ts';
import { ensurePlatform } from './platform-server.ts';
import { progress } from './processes.ts';

/** Issue 6: the event list with filters at 100,000 events, p95 ≤ 50 ms; the public list and /map/ keep theirs. */
export const EVENT_SEARCH_P95_GOAL_MS = SEARCH_P95_GOAL_MS;
const EVENT_COUNT = 100_000;
/** Public, live (open, in progress or pending), not ended: the ones on the map and in /incidents. */
const LIVE_PUBLIC_COUNT = 2_000;

/** The municipalities of the Porto metropolitan area, with the preposition their names take. */
const MUNICIPALITIES = [
  'de Arouca',
  'de Espinho',
  'de Gondomar',
  'da Maia',
  'de Matosinhos',
  'de Oliveira de Azeméis',
  'de Paredes',
  'do Porto',
  'da Póvoa de Varzim',
  'de Santa Maria da Feira',
  'de Santo Tirso',
  'de São João da Madeira',
  'da Trofa',
  'de Vale de Cambra',
  'de Valongo',
  'de Vila do Conde',
  'de Vila Nova de Gaia',
];
const DEPARTMENTS = [
  'Divisão de Mobilidade',
  'Polícia Municipal',
  'Proteção Civil',
  'Divisão de Obras',
  'Gabinete de Transportes',
];

/** Categories with their weight (how common), type, road sub-type and how their event titles start. */
const CATEGORIES: { name: string; weight: number; type: string; subType: string | null; title: string }[] = [
  {
    name: 'Obras na via pública',
    weight: 18,
    type: 'TRAFFIC_CLOSED',
    subType: 'ROAD_CLOSED_CONSTRUCTION',
    title: 'Obras',
  },
  {
    name: 'Corte de trânsito',
    weight: 8,
    type: 'TRAFFIC_CLOSED',
    subType: 'ROAD_CLOSED_HAZARD',
    title: 'Corte de trânsito',
  },
  {
    name: 'Evento desportivo ou cultural',
    weight: 4,
    type: 'TRAFFIC_CLOSED',
    subType: 'ROAD_CLOSED_EVENT',
    title: 'Prova desportiva',
  },
  { name: 'Acidente de viação', weight: 12, type: 'TRAFFIC_HAZARD', subType: 'HAZARD_ON_ROAD', title: 'Acidente' },
  {
    name: 'Buraco no pavimento',
    weight: 10,
    type: 'TRAFFIC_HAZARD',
    subType: 'HAZARD_ON_ROAD_POT_HOLE',
    title: 'Buraco no pavimento',
  },
  { name: 'Inundação', weight: 3, type: 'TRAFFIC_HAZARD', subType: 'HAZARD_WEATHER', title: 'Inundação' },
  { name: 'Árvore caída', weight: 4, type: 'TRAFFIC_HAZARD', subType: 'HAZARD_ON_ROAD', title: 'Árvore caída' },
  { name: 'Semáforo avariado', weight: 9, type: 'GENERIC', subType: null, title: 'Semáforo avariado' },
  { name: 'Paragem danificada', weight: 7, type: 'GENERIC', subType: null, title: 'Paragem danificada' },
  { name: 'Iluminação pública', weight: 8, type: 'GENERIC', subType: null, title: 'Iluminação pública avariada' },
  { name: 'Estacionamento abusivo', weight: 10, type: 'GENERIC', subType: null, title: 'Estacionamento abusivo' },
  {
    name: 'Perturbação no serviço de transporte',
    weight: 7,
    type: 'GENERIC',
    subType: null,
    title: 'Perturbação no serviço',
  },
];

/** Porto streets with the preposition they take ("na Rua", "no Cais"). */
const STREETS = [
  'na Rua de Santa Catarina',
  'na Avenida da Boavista',
  'na Rua de Cedofeita',
  'na Avenida dos Aliados',
  'na Rua do Almada',
  'na Praça da Liberdade',
  'na Rua de Costa Cabral',
  'na Avenida Fernão de Magalhães',
  'na Rua da Constituição',
  'na Estrada da Circunvalação',
  'na Avenida de França',
  'na Rua de Júlio Dinis',
  'na Rua do Bonjardim',
  'na Rua de Sá da Bandeira',
  'na Avenida Rodrigues de Freitas',
  'na Rua de São Roque da Lameira',
  'na Via de Cintura Interna',
  'na Ponte da Arrábida',
  'na Rua de Gonçalo Cristóvão',
  'na Avenida Marechal Gomes da Costa',
  'na Rua de Camões',
  'na Rua da Alegria',
  'na Rua de Álvares Cabral',
  'no Largo do Amor de Perdição',
  'na Rua das Flores',
  'no Cais da Ribeira',
  'na Rua de Pedro Hispano',
  'na Avenida da República',
  'na Rua de Serpa Pinto',
  'na Praça do Marquês de Pombal',
  'no Campo 24 de Agosto',
  'na Rua de Antero de Quental',
];

interface TSeeded {
  categoryIds: number[];
  /** The municipality the limited user works for (with its departments). */
  scopeEntityId: number;
  dateRange: { first: Date; last: Date };
}

/**
 * A metropolitan area's entities (17 municipalities, five departments each), twelve categories, and 100,000
 * events over two years around Porto, in a handful of statements inside the database. Of them exactly
 * 2,000 are visible to the public now (public, live, not ended; a tenth of them still to start); the rest
 * are mostly resolved or closed, and the few still live among them are internal.
 */
async function seedEvents(db: TDatabase): Promise<TSeeded> {
  const client = db.$client;
  const { rows: root } = await client.query<{ id: number }>(
    `insert into entities (name) values ('Área Metropolitana do Porto') returning id`,
  );
  const { rows: municipalities } = await client.query<{ id: number; name: string }>(
    `insert into entities (name, parent_id)
     select 'Câmara Municipal ' || m, $1 from unnest($2::text[]) m returning id, name`,
    [root[0].id, MUNICIPALITIES],
  );
  await client.query(
    `insert into entities (name, parent_id)
     select d || ' ' || m.place, m.id
       from unnest($1::int[], $2::text[]) as m(id, place), unnest($3::text[]) d`,
    [municipalities.map((m) => m.id), MUNICIPALITIES, DEPARTMENTS],
  );
  const { rows: entityRows } = await client.query<{ id: number }>(
    `select id from entities where id = any($1::int[]) or parent_id = any($1::int[]) order by id`,
    [municipalities.map((m) => m.id)],
  );
  const { rows: categories } = await client.query<{ id: number; name: string }>(
    `insert into event_categories (name, category_type, allow_public)
     select name, type, true from unnest($1::text[], $2::text[]) as c(name, type)
     on conflict do nothing
     returning id, name`,
    [CATEGORIES.map((c) => c.name), CATEGORIES.map((c) => c.type)],
  );
  if (categories.length !== CATEGORIES.length) throw new Error('the bench categories exist already');
  const idOf = new Map(categories.map((c) => [c.name, c.id]));
  // One slot per unit of weight: picking a slot at random picks a category as often as its weight says.
  const slots = CATEGORIES.flatMap((c) => Array.from({ length: c.weight }, () => c));
  const { rows: systems } = await client.query<{ id: number }>(
    `select id from mobility_systems where active order by id limit 5000`,
  );

  await client.query(
    `with params as (
       select $1::int[] as category_ids, $2::text[] as sub_types, $3::text[] as titles, $4::text[] as streets,
              $5::int[] as entity_ids, $6::int as live_count
     ), picks as (
       select n,
              1 + (hashint4(n) & 2147483647) % cardinality(category_ids) as slot,
              streets[1 + (hashint4(n + 1000003) & 2147483647) % cardinality(streets)] as street,
              entity_ids[1 + (hashint4(n + 2000003) & 2147483647) % cardinality(entity_ids)] as entity_id,
              entity_ids[1 + (hashint4(n + 3000003) & 2147483647) % cardinality(entity_ids)] as origin_id,
              (hashint4(n + 4000003) & 2147483647) % 1000 as r,
              (hashint4(n + 5000003) & 2147483647) % 100000 / 100000.0 as u,
              (hashint4(n + 6000003) & 2147483647) % 100000 / 1000000.0 as dlat,
              (hashint4(n + 7000003) & 2147483647) % 150000 / 1000000.0 as dlon,
              n <= live_count as is_live_public
         from params, generate_series(1, $7::int) n
     ), timed as (
       select p.*,
              case
                when is_live_public and r % 10 = 0 then now() + make_interval(mins => 60 + (r * 43) % 43200)
                when is_live_public then now() - make_interval(mins => 10 + (r * 43) % 43200)
                else now() - interval '1 day' - make_interval(mins => (u * 729 * 1440)::int)
              end as from_ts,
              case
                when is_live_public then (array['OPEN', 'OPEN', 'IN_PROGRESS', 'IN_PROGRESS', 'PENDING'])[1 + r % 5]
                when r < 460 then 'RESOLVED'
                when r < 930 then 'CLOSED'
                else (array['OPEN', 'IN_PROGRESS', 'PENDING'])[1 + r % 3]
              end as status,
              (array['LOW', 'LOW', 'NORMAL', 'NORMAL', 'NORMAL', 'NORMAL', 'NORMAL', 'HIGH', 'HIGH', 'CRITICAL'])[1 + r % 10]
                as priority,
              41.10 + dlat as lat, -8.70 + dlon as lon, r % 10 < 3 as is_line
         from picks p
     ), shaped as (
       select t.*, params.category_ids[slot] as category_id, params.sub_types[slot] as sub_type,
              params.titles[slot] || ' ' || street as title,
              -- A live event before its end; a finished one lasted hours to days; some never said when they end.
              case
                when is_live_public and r % 5 < 2 then null
                when is_live_public then greatest(from_ts, now()) + make_interval(hours => 1 + r % 240)
                when r % 10 < 3 then null
                else from_ts + make_interval(hours => 1 + r % 240)
              end as to_ts,
              case when is_live_public then true
                   when status in ('OPEN', 'IN_PROGRESS', 'PENDING') then false
                   else r % 20 <> 0 end as is_public
         from timed t, params
     )
     insert into events (title, description, category_id, is_future, from_timestamp, to_timestamp, geojson,
                         min_latitude, max_latitude, min_longitude, max_longitude, priority, status, direction,
                         sub_type, is_public, entity_id, origin_entity_id, resolved_at, closed_at, created_at,
                         updated_at)
     select title,
            'Ocorrência ' || street || '. Trânsito condicionado; siga as indicações dos agentes no local.',
            category_id, from_ts > now(), from_ts,
            -- An ended event of the past keeps an end before now; the end of a live public one is ahead.
            case when to_ts is not null and not is_live_public then least(to_ts, now() - interval '1 hour') else to_ts end,
            jsonb_build_object('type', 'FeatureCollection', 'features', jsonb_build_array(jsonb_build_object(
              'type', 'Feature', 'properties', '{}'::jsonb,
              'geometry', case when is_line
                then jsonb_build_object('type', 'LineString', 'coordinates', jsonb_build_array(
                  jsonb_build_array(round(lon::numeric, 6), round(lat::numeric, 6)),
                  jsonb_build_array(round((lon + 0.0009)::numeric, 6), round((lat + 0.0006)::numeric, 6)),
                  jsonb_build_array(round((lon + 0.0018)::numeric, 6), round((lat + 0.0011)::numeric, 6)),
                  jsonb_build_array(round((lon + 0.0027)::numeric, 6), round((lat + 0.0015)::numeric, 6))))
                else jsonb_build_object('type', 'Point', 'coordinates',
                  jsonb_build_array(round(lon::numeric, 6), round(lat::numeric, 6))) end))),
            round(lat::numeric, 6), round((lat + case when is_line then 0.0015 else 0 end)::numeric, 6),
            round(lon::numeric, 6), round((lon + case when is_line then 0.0027 else 0 end)::numeric, 6),
            priority, status,
            case when sub_type is null then null when r % 3 = 0 then 'ONE_DIRECTION' else 'BOTH_DIRECTION' end,
            sub_type, is_public, entity_id, origin_id,
            case when status in ('RESOLVED', 'CLOSED') then coalesce(least(to_ts, now()), from_ts + interval '1 day') end,
            case when status = 'CLOSED' then coalesce(least(to_ts, now()), from_ts + interval '1 day') + interval '2 hours' end,
            least(from_ts, now()) - make_interval(mins => r * 4),
            least(now(), least(from_ts, now()) + make_interval(hours => r % 96))
       from shaped`,
    [
      slots.map((c) => idOf.get(c.name)),
      slots.map((c) => c.subType),
      slots.map((c) => c.title),
      STREETS,
      entityRows.map((row) => row.id),
      LIVE_PUBLIC_COUNT,
      EVENT_COUNT,
    ],
  );
  if (systems.length > 0) {
    // A quarter of the events name a mobility system they affect, as staff do for stops and lines.
    await client.query(
      `insert into event_affected_systems (event_id, system_id)
       select e.id, ($1::int[])[1 + (hashint4(e.id) & 2147483647) % cardinality($1::int[])]
         from events e where e.category_id = any($2::int[]) and e.id % 4 = 0`,
      [systems.map((s) => s.id), categories.map((c) => c.id)],
    );
  }
  await client.query('analyze entities; analyze events; analyze event_affected_systems; analyze event_categories');
  const { rows: range } = await client.query<{ first: Date; last: Date }>(
    `select min(from_timestamp) as first, max(from_timestamp) as last from events where category_id = any($1::int[])`,
    [categories.map((c) => c.id)],
  );
  const porto = municipalities.find((m) => m.name === 'Câmara Municipal do Porto') ?? municipalities[0];
  return {
    categoryIds: categories.map((c) => c.id),
    scopeEntityId: porto.id,
    dateRange: { first: new Date(range[0].first), last: new Date(range[0].last) },
  };
}

/** A console operator of one municipality: MANAGE_EVENTS, limited to it and its departments. */
async function limitedOperatorAuthorization(db: TDatabase, entityId: number): Promise<string> {
  const { rows: role } = await db.$client.query<{ id: number }>(
    `insert into roles (name, permissions) values ('Operador de ocorrências (bench)', '{MANAGE_EVENTS}') returning id`,
  );
  const { rows: user } = await db.$client.query<{ id: number }>(
    `insert into users (name, email, entity_id, role_id, entities_access_list)
     values ('Operadora do Porto', 'operadora.porto@bench.example', $1, $2, array[$1]::int[]) returning id`,
    [entityId, role[0].id],
  );
  const { token } = await openSession(db, { userId: user[0].id, ttlMinutes: 120 });
  return `Bearer ${token}`;
}

const SEARCH_TERMS = [
  'santa catarina',
  'boavista',
  'obras aliados',
  'acidente',
  'semaforo avariado',
  'circunvalacao',
  'inundacao ribeira',
  'arvore caida',
  'cedofeita',
  'ponte arrabida',
];

/** Waits until /map/ draws the public events (the change reaches its cache by notification). */
async function waitForMapEvents(baseUrl: string, features: number): Promise<number> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const body = await (await fetch(`${baseUrl}/api/map/`, { headers: { 'accept-encoding': 'identity' } })).text();
    const items = JSON.parse(body) as { type: string; geometry: { features: unknown[] } }[];
    const count = items
      .filter((item) => item.type === 'EVENT' || item.type === 'FUTURE_EVENT')
      .reduce((sum, item) => sum + item.geometry.features.length, 0);
    if (count >= features) return body.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/api/map/ never drew ${features} incident parts`);
}

const iso = (date: Date) => date.toISOString();

/**
 * Events at scale: GET /api/events/search at 100,000 events (filters by category, status and dates; the
 * search box; sorted by start; a user limited to one municipality), GET /api/events/public and GET /api/map/
 * with 2,000 public live events, each request one at a time over HTTP.
 */
export const eventFigures: TFigureGroup = {
  name: 'events',
  run: async (context) => {
    const platform = await ensurePlatform(context);
    const db = openDatabase(await readRunningEmbeddedUrl(context.dataDir, 'mip'), { max: 2 });
    try {
      const startedAt = performance.now();
      progress(`creating ${EVENT_COUNT} events (${LIVE_PUBLIC_COUNT} public and live)…`);
      const seeded = await seedEvents(db);
      progress(`loaded in ${Math.round(performance.now() - startedAt)} ms`);
      const admin = await signInAsAdmin(platform.baseUrl);
      const operator = await limitedOperatorAuthorization(db, seeded.scopeEntityId);
      const search = (params: Record<string, string>) =>
        `${platform.baseUrl}/api/events/search?${new URLSearchParams(params)}`;

      const span = seeded.dateRange.last.getTime() - seeded.dateRange.first.getTime();
      const DAY = 86_400_000;
      const filteredUrls = seeded.categoryIds.slice(0, 10).map((categoryId, i) => {
        const from = new Date(seeded.dateRange.first.getTime() + ((i + 1) / 12) * span);
        return search({
          categoryId: String(categoryId),
          status: i % 2 === 0 ? 'RESOLVED,CLOSED' : 'OPEN,IN_PROGRESS,PENDING',
          fromDate: iso(from),
          toDate: iso(new Date(from.getTime() + (i % 3 === 0 ? 90 : 30) * DAY - 1)),
        });
      });
      const textUrls = SEARCH_TERMS.map((term) => search({ universalSearch: term }));
      const sortedUrls = [0, 1, 2, 5, 10, 50].flatMap((page) =>
        (['ASC', 'DESC'] as const).map((direction) =>
          search({ sortProperty: 'fromTimestamp', sortDirection: direction, currentPage: String(page) }),
        ),
      );
      const scopedUrls = [
        search({}),
        search({ currentPage: '3' }),
        search({ status: 'OPEN,IN_PROGRESS' }),
        search({ universalSearch: 'obras' }),
        search({ categoryId: String(seeded.categoryIds[0]) }),
        search({ sortProperty: 'fromTimestamp', sortDirection: 'ASC' }),
        search({ time: 'CURRENT' }),
        search({ priority: 'HIGH,CRITICAL', sortProperty: 'priority', sortDirection: 'DESC' }),
      ];

      const rounds = Number(process.env.BENCH_SEARCH_ROUNDS) || 4;
      const timed = async (label: string, urls: string[], authorization: string) => {
        const p95 = await measureP95(Array.from({ length: rounds }, () => urls).flat(), authorization, urls.length);
        progress(`${label}: p95 ${p95} ms`);
        return p95;
      };
      const eventSearchFilteredP95Ms = await timed('category + status + dates', filteredUrls, admin);
      const eventSearchTextP95Ms = await timed('search box', textUrls, admin);
      const eventSearchSortedP95Ms = await timed('sorted by start, pages 1 to 51', sortedUrls, admin);
      const eventSearchScopedP95Ms = await timed('a user limited to one municipality', scopedUrls, operator);

      const publicQueries: Record<string, string>[] = [
        {},
        { time: 'CURRENT' },
        { time: 'FUTURE' },
        { currentPage: '5' },
        { categoryId: seeded.categoryIds.slice(0, 3).join(',') },
        { universalSearch: 'boavista' },
        { priority: 'HIGH,CRITICAL', sortProperty: 'priority' },
        { sortProperty: 'title' },
      ];
      const publicUrls = publicQueries.map(
        (params) => `${platform.baseUrl}/api/events/public?${new URLSearchParams(params)}`,
      );
      const eventPublicListP95Ms = await timed('GET /api/events/public (visitor)', publicUrls, '');

      progress('waiting for /api/map/ to draw the public events…');
      const mapWithEventsBytes = await waitForMapEvents(platform.baseUrl, LIVE_PUBLIC_COUNT);
      const options = readLoadOptions();
      const map = await loadUrl(
        `${platform.baseUrl}/api/map/`,
        { ...options, connections: 1 },
        {
          'accept-encoding': 'gzip',
        },
      );
      progress(
        `GET /api/map/ with the events, one visitor at a time: p95 ${map.p95Ms} ms (${mapWithEventsBytes} bytes)`,
      );

      return {
        figures: {
          eventSearchFilteredP95Ms,
          eventSearchTextP95Ms,
          eventSearchSortedP95Ms,
          eventSearchScopedP95Ms,
          eventPublicListP95Ms,
          mapWithEventsP95Ms: map.p95Ms,
          mapWithEventsBytes,
        },
        goals: {
          eventSearchFilteredP95Ms: { atMost: EVENT_SEARCH_P95_GOAL_MS },
          eventSearchTextP95Ms: { atMost: EVENT_SEARCH_P95_GOAL_MS },
          eventSearchSortedP95Ms: { atMost: EVENT_SEARCH_P95_GOAL_MS },
          eventSearchScopedP95Ms: { atMost: EVENT_SEARCH_P95_GOAL_MS },
          eventPublicListP95Ms: { atMost: EVENT_SEARCH_P95_GOAL_MS },
          mapWithEventsP95Ms: { atMost: MAP_P95_GOAL_MS },
        },
      };
    } finally {
      await db.$client.end();
    }
  },
};
