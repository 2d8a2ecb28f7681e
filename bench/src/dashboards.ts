import type { TFigureGroup } from './figures.ts';
import { percentile } from './http-throughput.ts';
import { SEARCH_P95_GOAL_MS, signInAsAdmin } from './identity-search.ts';
import { progress } from './processes.ts';

/** Issue 7: what the platform adds to a widget's SQL, at p95. */
export const WIDGET_OVERHEAD_P95_GOAL_MS = 5;
/** Issue 7: other calls while a runaway data source waits for its timeout. */
export const API_DURING_RUNAWAY_P95_GOAL_MS = SEARCH_P95_GOAL_MS;
const OVERHEAD_SAMPLES = 400;
const RUNAWAY_CONCURRENCY = 4;
const RUNAWAY_WINDOW_MS = 12_000;

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

async function widgetData(baseUrl: string, authorization: string, dashboardId: number, widgetId: number) {
  const startedAt = performance.now();
  const response = await fetch(`${baseUrl}/api/dashboards/${dashboardId}/widget/${widgetId}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ parameters: {} }),
  });
  const body = await response.text();
  return { response, body, elapsed: performance.now() - startedAt };
}

const p95 = (values: number[]) => Math.round(percentile(Float64Array.from(values).sort(), 0.95) * 100) / 100;

/**
 * Dashboards: the time a widget's data call adds to its SQL (HTTP, session,
 * visibility, parameters, the read-only transaction and role, JSON), from the
 * SQL duration the server reports; and the p95 of other calls while four
 * `pg_sleep(60)` widgets wait out their 5-second timeout.
 */
export const dashboardFigures: TFigureGroup = {
  name: 'dashboards',
  run: async (context) => {
    const platform = context.platform;
    if (!platform) throw new Error('the dashboards figures need the platform running (run the startup group first)');
    const baseUrl = platform.baseUrl;
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
        runawayDurations.push(elapsed);
        runawayCodes.add(response.status === 200 ? 'OK' : ((JSON.parse(body) as { code?: string }).code ?? '?'));
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

    const figures = {
      widgetDataOverheadP95Ms: p95(overheads),
      widgetDataTotalP95Ms: p95(totals),
      runawayQueryAnsweredAfterMsMedian: Math.round(
        Float64Array.from(runawayDurations).sort()[Math.floor(runawayDurations.length / 2)],
      ),
      apiDuringRunawayP95Ms: p95(otherLatencies),
      apiDuringRunawayCalls: otherLatencies.length,
    };
    progress(`runaway answers: ${[...runawayCodes].join(', ')}`);
    return {
      figures,
      goals: {
        widgetDataOverheadP95Ms: { atMost: WIDGET_OVERHEAD_P95_GOAL_MS },
        apiDuringRunawayP95Ms: { atMost: API_DURING_RUNAWAY_P95_GOAL_MS },
      },
    };
  },
};
