import { anchorOf, boundingBoxOf, type TEventGeoJson } from '@mip/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';
import {
  eventAffectedSystems,
  eventCategories,
  events,
  eventTimeline,
  mobilitySystemGroups,
  mobilitySystems,
  users,
} from '../../db/schema/index.ts';
import { sanitizeSvg } from '../../lib/svg.ts';
import { DEMO_GROUP_NAME } from '../gtfs/demo-feed.ts';
import { eventBoundingBoxOf } from './event-geometry.ts';

/** Metro do Porto stations the demo events touch, as its feed names them (stops.txt). */
const STATIONS = {
  trindade: { stopId: '5726', name: 'Trindade', at: [-8.609299, 41.15228] },
  bolhao: { stopId: '5699', name: 'Bolhão', at: [-8.605901, 41.14978] },
  aliados: { stopId: '5766', name: 'Aliados', at: [-8.610945, 41.14858] },
  casaDaMusica: { stopId: '5706', name: 'Casa da Música', at: [-8.628282, 41.16058] },
} as const;
type TStation = keyof typeof STATIONS;

const icon = (path: string, colour: string) =>
  sanitizeSvg(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="${colour}" d="${path}"/></svg>`);

const CATEGORIES = [
  {
    key: 'works',
    name: 'Obras na via',
    categoryType: 'TRAFFIC_HAZARD',
    allowPublic: true,
    icon: icon('M12 2 1 21h22L12 2zm1 15h-2v-2h2v2zm0-4h-2V9h2v4z', '#eb6609'),
  },
  {
    key: 'closure',
    name: 'Corte de estrada',
    categoryType: 'TRAFFIC_CLOSED',
    allowPublic: true,
    icon: icon('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM5 11h14v2H5v-2z', '#c91010'),
  },
  {
    key: 'metro',
    name: 'Perturbação no serviço de metro',
    categoryType: 'GENERIC',
    allowPublic: true,
    icon: icon(
      'M12 2C8 2 4 2.5 4 6v9.5A3.5 3.5 0 0 0 7.5 19L6 20.5v.5h12v-.5L16.5 19a3.5 3.5 0 0 0 3.5-3.5V6c0-3.5-4-4-8-4z',
      '#1e5aa8',
    ),
  },
  {
    key: 'equipment',
    name: 'Avaria de equipamento',
    categoryType: 'GENERIC',
    allowPublic: false,
    icon: icon('M22 19 13 10a6 6 0 0 0-7.5-7.5l4 4-3 3-4-4A6 6 0 0 0 10 13l9 9 3-3z', '#5f6b7a'),
  },
] as const;

const HOUR = 3_600_000;
const line = (...coordinates: [number, number][]) => ({ type: 'LineString' as const, coordinates });
const point = (coordinates: readonly [number, number]) => ({
  type: 'Point' as const,
  coordinates: [...coordinates] as [number, number],
});

/**
 * First run with demo data: four categories (three the public may report) and
 * a handful of incidents around Porto on Metro do Porto stations — one going
 * on, one planned with an alternative path, one internal. The stations are
 * created under the demo feed's own keys (stop:<stop_id>), so its import,
 * which runs later in the background, completes them instead of adding twins.
 */
export async function seedDemoEvents(
  tx: TExecutor,
  entities: { mobility: number; police: number; metro: number },
): Promise<void> {
  const [group] = await tx
    .select({ id: mobilitySystemGroups.id })
    .from(mobilitySystemGroups)
    .where(eq(mobilitySystemGroups.name, DEMO_GROUP_NAME));
  if (!group) return;
  const stations = await seedStations(tx, group.id);
  const [operator] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'operador@mobilidade.example'));

  const allocation = {
    works: entities.mobility,
    closure: entities.police,
    metro: entities.metro,
    equipment: entities.metro,
  };
  await tx
    .insert(eventCategories)
    .values(
      CATEGORIES.map(({ key, ...category }) => ({
        ...category,
        allocatedToEntityId: allocation[key],
        reportAgentUserId: key === 'works' ? (operator?.id ?? null) : null,
        allowGeometry: key !== 'equipment',
      })),
    )
    .onConflictDoNothing();
  const categoryRows = await tx
    .select({ id: eventCategories.id, name: eventCategories.name })
    .from(eventCategories)
    .where(
      inArray(
        eventCategories.name,
        CATEGORIES.map((category) => category.name),
      ),
    );
  const categoryId = (key: (typeof CATEGORIES)[number]['key']) =>
    categoryRows.find((row) => row.name === CATEGORIES.find((category) => category.key === key)?.name)?.id;

  const now = Date.now();
  const demoEvents: {
    title: string;
    description: string;
    category: (typeof CATEGORIES)[number]['key'];
    entityId: number;
    from: number;
    to: number | null;
    geojson: TEventGeoJson;
    status?: 'OPEN' | 'IN_PROGRESS' | 'PENDING';
    priority: 'LOW' | 'NORMAL' | 'HIGH' | 'CRITICAL';
    direction?: 'ONE_DIRECTION' | 'BOTH_DIRECTION';
    subType?: 'HAZARD_ON_ROAD_CONSTRUCTION' | 'ROAD_CLOSED_EVENT';
    isPublic: boolean;
    isFuture?: boolean;
    stations: TStation[];
  }[] = [
    {
      title: 'Escada rolante parada na estação Trindade',
      description:
        'A escada rolante de acesso à plataforma das linhas A, B, C, E e F está parada. Use o elevador ou as escadas fixas.',
      category: 'metro',
      entityId: entities.metro,
      from: now - 2 * HOUR,
      to: null,
      geojson: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: point(STATIONS.trindade.at), properties: { isCircle: true } }],
      },
      status: 'IN_PROGRESS',
      priority: 'HIGH',
      isPublic: true,
      stations: ['trindade'],
    },
    {
      title: 'Repavimentação da Rua de Santa Catarina',
      description:
        'Trabalhos de repavimentação entre a Praça da Batalha e a Rua de Fernandes Tomás; circulação numa só via.',
      category: 'works',
      entityId: entities.mobility,
      from: now - 26 * HOUR,
      to: now + 5 * 24 * HOUR,
      geojson: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: line([-8.6063, 41.1468], [-8.606, 41.1485], [-8.6056, 41.1505]),
            properties: { direction: 'ONE_DIRECTION', showDirections: true },
          },
        ],
      },
      priority: 'NORMAL',
      direction: 'ONE_DIRECTION',
      subType: 'HAZARD_ON_ROAD_CONSTRUCTION',
      isPublic: true,
      stations: ['bolhao'],
    },
    {
      title: 'Corte da Avenida dos Aliados para a Corrida de São João',
      description:
        'A avenida fecha ao trânsito durante a prova. Siga pela Rua do Almada, indicada como percurso alternativo.',
      category: 'closure',
      entityId: entities.police,
      from: now + 3 * 24 * HOUR,
      to: now + 3 * 24 * HOUR + 6 * HOUR,
      geojson: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: line([-8.6113, 41.1464], [-8.6111, 41.148], [-8.6108, 41.1497]),
            properties: { direction: 'BOTH_DIRECTION' },
          },
          {
            type: 'Feature',
            geometry: line([-8.6126, 41.1467], [-8.6125, 41.1486], [-8.6123, 41.1505]),
            properties: { isAlternative: true, textMarker: 'Percurso alternativo' },
          },
        ],
      },
      priority: 'HIGH',
      direction: 'BOTH_DIRECTION',
      subType: 'ROAD_CLOSED_EVENT',
      isPublic: true,
      isFuture: true,
      stations: ['aliados'],
    },
    {
      title: 'Validador avariado na Casa da Música',
      description: 'O validador junto à saída norte não lê cartões Andante. Aguarda peça do fornecedor.',
      category: 'equipment',
      entityId: entities.metro,
      from: now - 50 * HOUR,
      to: null,
      geojson: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: point(STATIONS.casaDaMusica.at), properties: {} }],
      },
      status: 'PENDING',
      priority: 'LOW',
      isPublic: false,
      stations: ['casaDaMusica'],
    },
  ];

  for (const demo of demoEvents) {
    const category = categoryId(demo.category);
    if (category === undefined) continue;
    const [event] = await tx
      .insert(events)
      .values({
        title: demo.title,
        description: demo.description,
        categoryId: category,
        isFuture: demo.isFuture ?? false,
        fromTimestamp: new Date(demo.from),
        toTimestamp: demo.to === null ? null : new Date(demo.to),
        geojson: demo.geojson,
        ...eventBoundingBoxOf(demo.geojson),
        priority: demo.priority,
        status: demo.status ?? 'OPEN',
        direction: demo.direction ?? null,
        subType: demo.subType ?? null,
        isPublic: demo.isPublic,
        entityId: demo.entityId,
        originEntityId: entities.mobility,
        createdBy: operator?.id ?? null,
      })
      .returning({ id: events.id });
    await tx
      .insert(eventAffectedSystems)
      .values(demo.stations.map((station) => ({ eventId: event.id, systemId: stations[station] })));
    await tx.insert(eventTimeline).values([
      {
        eventId: event.id,
        kind: 'CREATED',
        toStatus: 'OPEN',
        toEntityId: demo.entityId,
        userId: operator?.id ?? null,
      },
      ...(demo.status && demo.status !== 'OPEN'
        ? [{ eventId: event.id, kind: 'STATUS' as const, fromStatus: 'OPEN' as const, toStatus: demo.status }]
        : []),
    ]);
  }
}

/** The demo stations under the feed's keys; an existing one (a feed already imported) is reused. */
async function seedStations(tx: TExecutor, groupId: number): Promise<Record<TStation, number>> {
  const entries = Object.entries(STATIONS) as [TStation, (typeof STATIONS)[TStation]][];
  await tx
    .insert(mobilitySystems)
    .values(
      entries.map(([, station]) => {
        const geometry = point(station.at);
        return {
          name: station.name,
          systemType: 'STOP' as const,
          groupId,
          geometry,
          ...anchorOf(geometry),
          ...boundingBoxOf(geometry),
          properties: { gtfsStopId: station.stopId },
          externalRef: `stop:${station.stopId}`,
        };
      }),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: mobilitySystems.id, externalRef: mobilitySystems.externalRef })
    .from(mobilitySystems)
    .where(
      and(
        eq(mobilitySystems.groupId, groupId),
        sql`${mobilitySystems.externalRef} = any(${sql.param(entries.map(([, station]) => `stop:${station.stopId}`))}::text[])`,
      ),
    );
  return Object.fromEntries(
    entries.map(([key, station]) => [key, rows.find((row) => row.externalRef === `stop:${station.stopId}`)?.id]),
  ) as Record<TStation, number>;
}
