import {
  type TQueryParameterDefinitionInput,
  type TReportTemplateInput,
  type TWidgetInput,
  ZQueryParameterDefinitions,
  ZReportTemplateInput,
  ZWidgetInput,
} from '@mip/shared';
import { eq } from 'drizzle-orm';
import type { TDatabase } from '../db/database.ts';
import {
  dashboards,
  dashboardWidgets,
  dataSources,
  mobilitySystemGroups,
  reportTemplates,
} from '../db/schema/index.ts';
import { toWidgetColumns } from '../modules/dashboards/dashboards.presenter.ts';
import { DEMO_GROUP_NAME } from '../modules/gtfs/demo-feed.ts';

type TExecutor = Pick<TDatabase, 'insert' | 'select'>;

/** Status codes as the demo's charts name them. */
const STATUS_LABEL_SQL = `case e.status
      when 'OPEN' then 'Aberta'
      when 'IN_PROGRESS' then 'Em curso'
      when 'PENDING' then 'Pendente'
      when 'RESOLVED' then 'Resolvida'
      when 'CLOSED' then 'Fechada' end`;

const statusFilter: TQueryParameterDefinitionInput = {
  variableName: 'estados',
  type: 'EVENT_STATUS',
  label: 'Estados',
  multiple: true,
  partialQuery: 'and e.status = any(:estados)',
};
const sinceFilter: TQueryParameterDefinitionInput = {
  variableName: 'desde',
  type: 'DATE',
  label: 'Desde',
  partialQuery: 'and e.from_timestamp >= :desde',
};

/** Services that run on a date: calendar days plus added dates, less removed ones. */
const RUNS_ON_DAY = `and st.service_ref in (
      select s.ref from gtfs_services s
       where s.feed_id = st.feed_id and s.start_date <= :dia and s.end_date >= :dia
         and (s.weekdays >> (extract(isodow from :dia)::int - 1)) & 1 = 1
      union
      select d.service_ref from gtfs_calendar_dates d
       where d.feed_id = st.feed_id and d.date = :dia and d.exception_type = 1
      except
      select d.service_ref from gtfs_calendar_dates d
       where d.feed_id = st.feed_id and d.date = :dia and d.exception_type = 2)`;

const networkParameter: TQueryParameterDefinitionInput = {
  variableName: 'rede',
  type: 'MOBILITY_GROUP',
  label: 'Rede',
  mandatory: true,
};
const dayParameter: TQueryParameterDefinitionInput = {
  variableName: 'dia',
  type: 'DATE',
  label: 'Dia',
  partialQuery: RUNS_ON_DAY,
};

interface TDemoSource {
  key: string;
  name: string;
  description: string;
  query: string;
  queryColumns: string[];
  parameters: TQueryParameterDefinitionInput[];
}

const SOURCES: TDemoSource[] = [
  {
    key: 'byCategory',
    name: 'Ocorrências públicas por categoria',
    description: 'Quantas ocorrências públicas há em cada categoria.',
    query: `select c.name as "Categoria", count(*)::int as "Ocorrências"
  from events e join event_categories c on c.id = e.category_id
 where e.is_public {{estados}} {{desde}}
 group by c.name
 order by 2 desc, 1`,
    queryColumns: ['Categoria', 'Ocorrências'],
    parameters: [statusFilter, sinceFilter],
  },
  {
    key: 'byStatus',
    name: 'Ocorrências públicas por estado',
    description: 'Quantas ocorrências públicas há em cada estado.',
    query: `select ${STATUS_LABEL_SQL} as "Estado", count(*)::int as "Ocorrências"
  from events e
 where e.is_public {{desde}}
 group by e.status
 order by 2 desc`,
    queryColumns: ['Estado', 'Ocorrências'],
    parameters: [sinceFilter],
  },
  {
    key: 'byMonth',
    name: 'Ocorrências públicas por mês e estado',
    description: 'Ocorrências públicas por mês de início (hora de Lisboa), separadas por estado.',
    query: `select to_char(e.from_timestamp at time zone 'Europe/Lisbon', 'YYYY-MM') as "Mês",
       ${STATUS_LABEL_SQL} as "Estado",
       count(*)::int as "Ocorrências"
  from events e
 where e.is_public {{desde}}
 group by 1, 2
 order by 1, 2`,
    queryColumns: ['Mês', 'Estado', 'Ocorrências'],
    parameters: [sinceFilter],
  },
  {
    key: 'passings',
    name: 'Passagens por linha',
    description:
      'Passagens previstas nas paragens de cada linha do horário em vigor de uma rede; num dia, só as dos serviços desse dia.',
    query: `select r.short_name as "Linha", count(*)::int as "Passagens"
  from gtfs_stop_times st
  join gtfs_feeds f on f.id = st.feed_id and f.status = 'ACTIVE'
  join gtfs_routes r on r.feed_id = st.feed_id and r.ref = st.route_ref
 where f.group_id = :rede {{dia}}
 group by r.short_name
 order by r.short_name`,
    queryColumns: ['Linha', 'Passagens'],
    parameters: [networkParameter, dayParameter],
  },
  {
    key: 'passingsByDestination',
    name: 'Passagens por linha e destino',
    description:
      'Passagens previstas de cada linha, separadas pelo destino das suas viagens; num dia, só as desse dia.',
    query: `select r.short_name as "Linha", t.headsign as "Destino", count(distinct t.ref)::int as "Viagens",
       count(*)::int as "Passagens"
  from gtfs_stop_times st
  join gtfs_feeds f on f.id = st.feed_id and f.status = 'ACTIVE'
  join gtfs_routes r on r.feed_id = st.feed_id and r.ref = st.route_ref
  join gtfs_trips t on t.feed_id = st.feed_id and t.ref = st.trip_ref
 where f.group_id = :rede {{dia}}
 group by r.short_name, t.headsign
 order by r.short_name, t.headsign`,
    queryColumns: ['Linha', 'Destino', 'Viagens', 'Passagens'],
    parameters: [networkParameter, dayParameter],
  },
];

const half = { lg: 6, md: 6, sm: 12 };
const full = { lg: 12, md: 12, sm: 12 };

function demoWidgets(source: (key: string) => number, metroGroupId: number | null): TWidgetInput[] {
  const widgets: TWidgetInput[] = [
    { name: 'Title', title: 'Ocorrências na rede', size: full },
    {
      name: 'PieChart',
      title: 'Ocorrências por categoria',
      size: half,
      sourceId: source('byCategory'),
      nameKey: 'Categoria',
      dataKey: 'Ocorrências',
      calcPercentage: true,
      allowTable: true,
      allowExportChart: true,
      allowExportTable: true,
    },
    {
      name: 'SimpleBarChart',
      title: 'Ocorrências por estado',
      size: half,
      sourceId: source('byStatus'),
      nameKey: 'Estado',
      dataKey: 'Ocorrências',
      allowTable: true,
      allowExportChart: true,
    },
    {
      name: 'MultiSeriesBarChart',
      title: 'Ocorrências por mês e estado',
      size: full,
      sourceId: source('byMonth'),
      nameKey: 'Mês',
      series: [{ type: 'PROPERTY_AGGREGATOR', property: 'Estado', dataKey: 'Ocorrências', stackId: 'estado' }],
      allowTable: true,
      allowExportChart: true,
    },
  ];
  if (metroGroupId !== null) {
    widgets.push(
      { name: 'Title', title: 'Metro do Porto', size: full },
      {
        name: 'SimpleBarChart',
        title: 'Passagens por linha',
        size: half,
        sourceId: source('passings'),
        sourceConfig: { parameters: { rede: metroGroupId } },
        nameKey: 'Linha',
        dataKey: 'Passagens',
        direction: 'vertical',
        xTickFormatter: 'THOUSANDS',
        allowTable: true,
        allowExportChart: true,
        allowExportTable: true,
      },
      {
        name: 'TableWidget',
        title: 'Passagens por linha e destino',
        size: half,
        sourceId: source('passingsByDestination'),
        sourceConfig: { parameters: { rede: metroGroupId } },
        itemsPerPage: 10,
        allowExport: true,
        allowExportTable: true,
      },
    );
  }
  widgets.push({
    name: 'HTML',
    title: 'Sobre estes dados',
    size: full,
    showBox: true,
    html: '<p>As ocorrências são as publicadas no mapa. As passagens vêm do horário oficial (GTFS) do Metro do Porto; escolha um dia no filtro para ver só os serviços desse dia.</p>',
  });
  return widgets;
}

const REPORTS: TReportTemplateInput[] = [
  {
    name: 'Ocorrências registadas',
    category: 'OTHERS',
    async: false,
    enabled: true,
    reference: 'MOB-OC-01',
    agreement: null,
    query: `select e.id as "N.º", e.title as "Título", c.name as "Categoria", ${STATUS_LABEL_SQL} as "Estado",
       e.priority as "Prioridade",
       to_char(e.from_timestamp at time zone 'Europe/Lisbon', 'DD-MM-YYYY HH24:MI') as "Início",
       to_char(e.to_timestamp at time zone 'Europe/Lisbon', 'DD-MM-YYYY HH24:MI') as "Fim",
       en.name as "Entidade"
  from events e
  join event_categories c on c.id = e.category_id
  left join entities en on en.id = e.entity_id
 where (e.entity_id is null or e.entity_id = any(:caller_entity_ids))
   and e.from_timestamp >= :desde {{categorias}}
 order by e.from_timestamp desc`,
    parameters: [
      { variableName: 'desde', type: 'DATE', label: 'Desde', mandatory: true },
      {
        variableName: 'categorias',
        type: 'EVENT_CATEGORY',
        label: 'Categorias',
        multiple: true,
        partialQuery: 'and e.category_id = any(:categorias)',
      },
    ],
  },
  {
    name: 'Passagens por paragem e linha',
    category: 'OTHERS',
    async: true,
    enabled: true,
    reference: 'MOB-TP-02',
    agreement: null,
    query: `select s.name as "Paragem", r.short_name as "Linha", count(*)::int as "Passagens",
       to_char(make_interval(secs => min(st.departure)), 'HH24:MI') as "Primeira",
       to_char(make_interval(secs => max(st.departure)), 'HH24:MI') as "Última"
  from gtfs_stop_times st
  join gtfs_feeds f on f.id = st.feed_id and f.status = 'ACTIVE'
  join gtfs_stops s on s.feed_id = st.feed_id and s.ref = st.stop_ref
  join gtfs_routes r on r.feed_id = st.feed_id and r.ref = st.route_ref
 where f.group_id = :rede and st.departure is not null {{dia}}
 group by s.name, r.short_name
 order by s.name, r.short_name`,
    parameters: [networkParameter, dayParameter],
  },
];

/**
 * First run with demo data: the data sources, a public dashboard of incidents
 * by category, status and month and of Metro do Porto's passings per line,
 * and two report templates. Written straight to the tables (the demo's queries
 * are known to run); the forms' checks still hold for them.
 */
export async function seedDemoDashboards(tx: TExecutor, createdBy: number | null): Promise<void> {
  const [metro] = await tx
    .select({ id: mobilitySystemGroups.id })
    .from(mobilitySystemGroups)
    .where(eq(mobilitySystemGroups.name, DEMO_GROUP_NAME));
  const ids = new Map<string, number>();
  for (const { key, parameters, ...source } of SOURCES) {
    const [row] = await tx
      .insert(dataSources)
      .values({ ...source, parameters: ZQueryParameterDefinitions.parse(parameters) })
      .returning({ id: dataSources.id });
    ids.set(key, row.id);
  }
  const [dashboard] = await tx
    .insert(dashboards)
    .values({
      name: 'Ocorrências e transportes',
      description: 'Ocorrências públicas por categoria, estado e mês, e passagens por linha do Metro do Porto.',
      isPublic: true,
      status: 'ACTIVE',
      createdBy,
    })
    .returning({ id: dashboards.id });
  const widgets = demoWidgets((key) => ids.get(key) as number, metro?.id ?? null);
  await tx
    .insert(dashboardWidgets)
    .values(widgets.map((input, position) => toWidgetColumns(ZWidgetInput.parse(input), dashboard.id, position)));
  await tx.insert(reportTemplates).values(REPORTS.map((template) => ZReportTemplateInput.parse(template)));
}
