import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright';
import { progress } from './processes.ts';

/** Issue 5: the map home is measured in Chromium with its CPU slowed four times, as a mid-range phone. */
export const CPU_THROTTLING_RATE = 4;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The MapLibre chunk: what visitors load to draw the map, the one split from everything else. */
const MAP_CHUNK = /\/assets\/maplibre-gl-[^/]*\.js$/;
/** The user-timing mark the map home sets on its first full render (apps/web/src/features/map/useFirstFullRender.ts). */
const FIRST_FULL_RENDER_MARK = 'mip:map-first-full-render';

/**
 * Largest contentful paint and cumulative layout shift as the browser reports
 * them (PerformanceObserver, buffered so nothing before the script is missed).
 */
const OBSERVE_VITALS = `
  window.__vitals = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** One script the page loaded before the map chunk: its name without the content hash, and its bytes on the wire. */
export interface TScriptSize {
  chunk: string;
  bytes: number;
}

/** When one kind of request of the visit ran: how many, the first one's start and the last one's end (ms from the page's own request). */
export interface TPhase {
  count: number;
  startMs: number;
  endMs: number;
}

/**
 * What the page fetched before its first full render, by kind: which one ends last is what the render waits
 * for. From the browser's network events, so the figure names what grew rather than only that it did.
 */
export type TTimeline = Record<string, TPhase>;

const RESOURCE_KINDS: [kind: string, pattern: RegExp][] = [
  ['map chunk', MAP_CHUNK],
  ['other scripts', /\.(js|mjs)$/],
  ['map answer', /\/api\/map\/$/],
  ['group tree', /\/mobility-system-groups\/tree$/],
  ['style', /\/map-style$/],
  ['group TileJSON', /\/tiles\.json$/],
  ['group tiles', /\/mobility-system-groups\/\d+\/tiles\//],
  ['street tiles', /\.(pbf|mvt)$/],
  ['other API', /\/api\//],
];

/** One finished request of the visit: its path, and when it started and ended (ms since the epoch). */
interface TFetched {
  pathname: string;
  startMs: number;
  endMs: number;
}

/**
 * The visit's requests up to its first full render, grouped by RESOURCE_KINDS (the first that matches), in ms
 * from the document's request. Read from the browser's network events, not the page's resource timings:
 * MapLibre fetches tiles from its worker, where the page's timings do not see them.
 */
function timelineOf(fetched: readonly TFetched[], until: number): TTimeline {
  // Events arrive as requests finish: the page's own request is the one that started first.
  const document = Math.min(...fetched.map((entry) => entry.startMs));
  const timeline: TTimeline = {};
  for (const entry of fetched) {
    const startMs = Math.round(entry.startMs - document);
    if (startMs > until) continue;
    const kind = RESOURCE_KINDS.find(([, pattern]) => pattern.test(entry.pathname))?.[0] ?? 'other';
    timeline[kind] ??= { count: 0, startMs: Infinity, endMs: 0 };
    const phase = timeline[kind];
    phase.count += 1;
    phase.startMs = Math.min(phase.startMs, startMs);
    phase.endMs = Math.max(phase.endMs, Math.round(entry.endMs - document));
  }
  return timeline;
}

/** `map chunk 1 340–910 · group tiles 12 1200–2400 …`, in the order the kinds ended. */
export const describeTimeline = (timeline: TTimeline) =>
  Object.entries(timeline)
    .sort(([, a], [, b]) => a.endMs - b.endMs)
    .map(([kind, phase]) => `${kind} ${phase.count}× ${phase.startMs}–${phase.endMs}`)
    .join(' · ');

export interface TMapVisit {
  lcpMs: number;
  cls: number;
  /** From navigation to the map's first idle with its data on it (the page's user-timing mark). */
  firstRenderMs: number;
  /** The scripts requested before the map chunk, compressed as served. */
  scriptsBeforeMap: TScriptSize[];
  /** What was fetched before the first full render, and when. */
  timeline: TTimeline;
}

/** `assets/index-B3x9aZ_q.js` → `index`: a chunk keeps its name from build to build, not its hash. */
export function chunkName(url: string): string {
  const file = path.basename(new URL(url).pathname);
  return file.replace(/-[A-Za-z0-9_-]{8}\.js$/, '').replace(/\.js$/, '');
}

export const totalBytes = (scripts: readonly TScriptSize[]) => scripts.reduce((sum, script) => sum + script.bytes, 0);

/** Chromium for the map visits, or null (with a message) when there is none. */
export async function launchChromium(group: string): Promise<Browser | null> {
  if (!existsSync(CHROMIUM)) {
    progress(`${group} skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return null;
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * BENCH_TRACE_DIR=<folder>: each visit also writes a Chromium performance trace there (`<label>-<n>.json`, to
 * open in the browser's DevTools, Performance panel), from navigation to the first full render: what the main
 * thread and the tile workers did meanwhile.
 */
const TRACE_DIR = process.env.BENCH_TRACE_DIR;

/** One cold visit of the map home: new browser context (empty cache), CPU slowed down four times. */
async function visit(page: Page, url: string, tracePath: string | null): Promise<TMapVisit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
  const scripts: { url: string; bytes: Promise<number> }[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    // Encoded (on-the-wire) size of the body, as "gzipped" means for a served file.
    const bytes = request
      .response()
      .then(async (response) => {
        if (!response) return 0;
        await response.finished();
        return (await request.sizes()).responseBodySize;
      })
      .catch(() => 0);
    scripts.push({ url: request.url(), bytes });
  });
  const fetched: TFetched[] = [];
  page.on('requestfinished', (request) => {
    const timing = request.timing();
    fetched.push({
      pathname: new URL(request.url()).pathname,
      startMs: timing.startTime,
      endMs: timing.startTime + timing.responseEnd,
    });
  });
  await page.addInitScript(OBSERVE_VITALS);
  const browser = page.context().browser();
  if (tracePath && browser) await browser.startTracing(page, { path: tracePath, screenshots: true });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_FULL_RENDER_MARK, {
    timeout: 120_000,
    polling: 100,
  });
  if (tracePath && browser) {
    await browser.stopTracing();
    progress(`  trace: ${tracePath}`);
  }
  const firstRenderMs = await page.evaluate(
    (mark) => performance.getEntriesByName(mark)[0].startTime,
    FIRST_FULL_RENDER_MARK,
  );
  const timeline = timelineOf(fetched, firstRenderMs);
  await page.waitForLoadState('networkidle');
  // The last paint candidate and layout shifts are reported a little after they happen: wait for two frames
  // after the page went quiet, not a fixed time.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const vitals = await page.evaluate(() => (window as unknown as { __vitals: { lcp: number; cls: number } }).__vitals);
  const mapIndex = scripts.findIndex((script) => MAP_CHUNK.test(new URL(script.url).pathname));
  const before = mapIndex === -1 ? scripts : scripts.slice(0, mapIndex);
  const sizes = await Promise.all(
    before.map(async (script) => ({ chunk: chunkName(script.url), bytes: await script.bytes })),
  );
  await cdp.detach();
  return {
    lcpMs: Math.round(vitals.lcp),
    cls: vitals.cls,
    firstRenderMs: Math.round(firstRenderMs),
    scriptsBeforeMap: sizes,
    timeline,
  };
}

/** `runs` cold visits of the map home at `url`, a desktop screen in Portuguese, each reported as it ends. */
export async function visitMapHome(browser: Browser, url: string, runs: number, label: string): Promise<TMapVisit[]> {
  const visits: TMapVisit[] = [];
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'pt-PT' });
    try {
      if (TRACE_DIR) mkdirSync(TRACE_DIR, { recursive: true });
      const tracePath = TRACE_DIR ? path.join(TRACE_DIR, `${label.replace(/\W+/g, '-')}-${run}.json`) : null;
      const result = await visit(await context.newPage(), url, tracePath);
      progress(
        `${label} visit ${run}/${runs}: LCP ${result.lcpMs} ms, first full render ${result.firstRenderMs} ms, ` +
          `CLS ${result.cls.toFixed(3)}, JS before the map chunk ${Math.round(totalBytes(result.scriptsBeforeMap) / 1024)} KB`,
      );
      progress(`  before it: ${describeTimeline(result.timeline)}`);
      visits.push(result);
    } finally {
      await context.close();
    }
  }
  return visits;
}
