import type { TFigureGroup } from './figures.ts';
import { p95Ms } from './http-throughput.ts';
import { SEARCH_P95_GOAL_MS, signInAsAdmin } from './identity-search.ts';
import { ensurePlatform } from './platform-server.ts';
import { progress } from './processes.ts';

/** Issue 7: what the platform adds to a widget's SQL, at p95. */
export const WIDGET_OVERHEAD_P95_GOAL_MS = 5;
/** Issue 7: other calls while a runaway data source waits for its timeout. */
export const API_DURING_RUNAWAY_P95_GOAL_MS = SEARCH_P95_GOAL_MS;
const OVERHEAD_SAMPLES = 400;
const RUNAWAY_CONCURRENCY = 4;
const RUNAWAY_WINDOW_MS = 12_000;
/** Issue 17: other dashboards' widgets while visitors flood one slow public widget. */
export const OTHER_DASHBOARDS_DURING_FLOOD_P95_GOAL_MS = 200;
const FLOOD_CLIENTS = 50;
const FLOOD_WINDOW_MS = 12_000;
const FLOOD_SLEEP_SECONDS = 5;

interface TCreated {
  id: number;
}

/** One JSON call to the platform's API; throws with the answer when it is not 2xx. */
export async function call<T>(baseUrl: string, authorization: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The SQL's own time, as the server reports it in Server-Timing (`sql;dur=…`). */
function sqlDuration(response: Response): number {
  const match = /(?:^|,)\s*sql;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
  if (!match) throw new Error('the widget data answer has no Server-Timing sql duration');
  return Number(match[1]);
}

/** A widget's data; a visitor (no authorization) names their address as a proxy would (the bench trusts loopback). */
async function widgetData(
  baseUrl: string,
  authorization: string,
  dashboardId: number,
  widgetId: number,
  visitor?: { address: string; parameters: Record<string, unknown> },
) {
  const startedAt = performance.now();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization) headers.authorization = authorization;
  if (visitor) headers['x-forwarded-for'] = visitor.address;
  const response = await fetch(`${baseUrl}/api/dashboards/${dashboardId}/widget/${widgetId}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ parameters: visitor?.parameters ?? {} }),
  });
  const body = await response.text();
  return { response, body, elapsed: performance.now() - startedAt };
}

/**
 * Dashboards: the time a widget's data call adds to its SQL (HTTP, session,
 * visibility, parameters, the read-only transaction and role, JSON), from the
 * SQL duration the server reports; and the p95 of other calls while four
 * `pg_sleep(60)` widgets wait out their 5-second timeout.
 */
export const dashboardFigures: TFigureGroup = {
  name: 'dashboards',
  run: async (context) => {
    const baseUrl = (await ensurePlatform(context)).baseUrl;
    const admin = await signInAsAdmin(baseUrl);

    const counting = await call<TCreated>(baseUrl, admin, 'POST', '/data-sources', {
      name: 'Bench: events by category and status',
      query: `select c.name as category, e.status, count(*)::int as events
                from events e join event_categories c on c.id = e.category_id
               where e.from_timestamp >= now() - interval '30 days'
               group by 1, 2 order by 1, 2`,
    });
    const sleeping = await call<TCreated>(baseUrl, admin, 'POST', '/data-sources', {
      name: 'Bench: a runaway query',
      query: 'select pg_sleep(60) as slept',
    });
    const dashboard = await call<{ id: number; widgets: { id: number; title: string }[] }>(
      baseUrl,
      admin,
      'POST',
      '/dashboards',
      {
        name: 'Bench dashboard',
        status: 'ACTIVE',
        widgets: [
          { name: 'TableWidget', title: 'counting', size: { lg: 6, md: 6, sm: 12 }, sourceId: counting.id },
          { name: 'TableWidget', title: 'sleeping', size: { lg: 6, md: 6, sm: 12 }, sourceId: sleeping.id },
        ],
      },
    );
    const widgetId = (title: string) => {
      const widget = dashboard.widgets.find((w) => w.title === title);
      if (!widget) throw new Error(`the bench dashboard lost its ${title} widget`);
      return widget.id;
    };

    progress(`widget data overhead over ${OVERHEAD_SAMPLES} calls…`);
    const overheads: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < OVERHEAD_SAMPLES + 50; i++) {
      const { response, body, elapsed } = await widgetData(baseUrl, admin, dashboard.id, widgetId('counting'));
      if (response.status !== 200) throw new Error(`widget data answered ${response.status}: ${body.slice(0, 300)}`);
      if (i < 50) continue;
      overheads.push(elapsed - sqlDuration(response));
      totals.push(elapsed);
    }

    progress(
      `${RUNAWAY_CONCURRENCY} pg_sleep(60) widgets at a time for ${RUNAWAY_WINDOW_MS / 1000} s, other calls meanwhile…`,
    );
    const runawayDurations: number[] = [];
    const runawayCodes = new Set<string>();
    const windowEnds = performance.now() + RUNAWAY_WINDOW_MS;
    const runaway = async () => {
      while (performance.now() < windowEnds) {
        const { response, body, elapsed } = await widgetData(baseUrl, admin, dashboard.id, widgetId('sleeping'));
        const code = response.status === 200 ? 'OK' : ((JSON.parse(body) as { code?: string }).code ?? '?');
        runawayCodes.add(code);
        // The time a runaway query is let run; a call beyond the source's share of the pool is refused at once.
        if (code !== 'QUERY_BUSY') runawayDurations.push(elapsed);
      }
    };
    const others = [
      '/api/events/public?currentPage=0&itemsPerPage=20',
      '/api/dashboards/search?currentPage=0&itemsPerPage=20',
      '/api/users/search?currentPage=0&itemsPerPage=20&universalSearch=silva',
      '/api/event-categories/list',
    ];
    const otherLatencies: number[] = [];
    const sampleOthers = async () => {
      // Let the runaway queries start first.
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (let i = 0; performance.now() < windowEnds - 500; i++) {
        const url = `${baseUrl}${others[i % others.length]}`;
        const startedAt = performance.now();
        const response = await fetch(url, { headers: { authorization: admin } });
        await response.text();
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        otherLatencies.push(performance.now() - startedAt);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await Promise.all([...Array.from({ length: RUNAWAY_CONCURRENCY }, runaway), sampleOthers()]);
    if (runawayCodes.has('OK')) throw new Error('a pg_sleep(60) widget answered 200 instead of timing out');

    const flood = await measureAnonymousFlood(baseUrl, admin, {
      staffDashboardId: dashboard.id,
      staffWidgetId: widgetId('counting'),
      fastSourceId: counting.id,
    });

    const figures = {
      widgetDataOverheadP95Ms: p95Ms(overheads),
      widgetDataTotalP95Ms: p95Ms(totals),
      runawayQueryAnsweredAfterMsMedian: Math.round(
        Float64Array.from(runawayDurations).sort()[Math.floor(runawayDurations.length / 2)],
      ),
      apiDuringRunawayP95Ms: p95Ms(otherLatencies),
      apiDuringRunawayCalls: otherLatencies.length,
      ...flood,
    };
    progress(`runaway answers: ${[...runawayCodes].join(', ')}`);
    return {
      figures,
      goals: {
        widgetDataOverheadP95Ms: { atMost: WIDGET_OVERHEAD_P95_GOAL_MS },
        apiDuringRunawayP95Ms: { atMost: API_DURING_RUNAWAY_P95_GOAL_MS },
        anonymousFloodOtherDashboardsP95Ms: { atMost: OTHER_DASHBOARDS_DURING_FLOOD_P95_GOAL_MS },
      },
    };
  },
};

/**
 * Anonymous widget flood: 50 visitors, each from an address of its own, call
 * one slow public widget (`pg_sleep(5)`) in a loop, each call with other
 * values so that no cache can answer it; meanwhile a staff user reads a widget
 * of their dashboard and visitors one of another public dashboard. The figure
 * is the p95 of those other dashboards' calls.
 */
async function measureAnonymousFlood(
  baseUrl: string,
  admin: string,
  ids: { staffDashboardId: number; staffWidgetId: number; fastSourceId: number },
) {
  const slow = await call<TCreated>(baseUrl, admin, 'POST', '/data-sources', {
    name: 'Bench: a slow public widget',
    query: `select pg_sleep(${FLOOD_SLEEP_SECONDS}) as slept, :n::int as n`,
    parameters: [{ variableName: 'n', type: 'NUMERIC', label: 'N', mandatory: true }],
    timeoutMs: (FLOOD_SLEEP_SECONDS + 5) * 1000,
  });
  const publicDashboard = (name: string, sourceId: number) =>
    call<{ id: number; widgets: { id: number }[] }>(baseUrl, admin, 'POST', '/dashboards', {
      name,
      status: 'ACTIVE',
      isPublic: true,
      widgets: [{ name: 'TableWidget', title: name, size: { lg: 12, md: 12, sm: 12 }, sourceId }],
    });
  const flooded = await publicDashboard('Bench: flooded', slow.id);
  const quiet = await publicDashboard('Bench: another public dashboard', ids.fastSourceId);

  progress(
    `${FLOOD_CLIENTS} visitors flood one slow public widget for ${FLOOD_WINDOW_MS / 1000} s, other dashboards meanwhile…`,
  );
  const floodAnswers = new Map<string, number>();
  const windowEnds = performance.now() + FLOOD_WINDOW_MS;
  let n = 0;
  const floodClient = async (client: number) => {
    const address = `198.18.${client >> 8}.${client & 255}`;
    while (performance.now() < windowEnds) {
      const { response, body } = await widgetData(baseUrl, '', flooded.id, flooded.widgets[0].id, {
        address,
        parameters: { n: n++ },
      });
      const code = response.status === 200 ? 'OK' : ((JSON.parse(body) as { code?: string }).code ?? '?');
      floodAnswers.set(code, (floodAnswers.get(code) ?? 0) + 1);
    }
  };
  const latencies: number[] = [];
  const sampleOthers = async (visitor: boolean) => {
    // Let the flood take its connections first.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (let i = 0; performance.now() < windowEnds - 500; i++) {
      const { response, body, elapsed } = visitor
        ? await widgetData(baseUrl, '', quiet.id, quiet.widgets[0].id, {
            address: `198.19.0.${i % 250}`,
            parameters: {},
          })
        : await widgetData(baseUrl, admin, ids.staffDashboardId, ids.staffWidgetId);
      if (response.status !== 200) throw new Error(`another dashboard's widget answered ${response.status}: ${body}`);
      latencies.push(elapsed);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await Promise.all([
    ...Array.from({ length: FLOOD_CLIENTS }, (_, client) => floodClient(client)),
    sampleOthers(true),
    sampleOthers(false),
  ]);
  progress(`flood answers: ${[...floodAnswers].map(([code, count]) => `${code} ${count}`).join(', ')}`);
  return {
    anonymousFloodOtherDashboardsP95Ms: p95Ms(latencies),
    anonymousFloodOtherDashboardsCalls: latencies.length,
    anonymousFloodCallsServed: floodAnswers.get('OK') ?? 0,
    anonymousFloodCallsRefusedBusy: floodAnswers.get('QUERY_BUSY') ?? 0,
  };
}
