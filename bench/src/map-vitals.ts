import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright';
import type { TFigureGroup, TFigureGroupResult } from './figures.ts';
import { median } from './http-throughput.ts';
import { ensurePlatform } from './platform-server.ts';
import { progress, REPO_ROOT } from './processes.ts';

/** Issue 5: the public map page on localhost in Chromium with 4× CPU throttling. */
export const MAP_LCP_GOAL_MS = 2000;
export const MAP_CLS_GOAL = 0.05;
export const MAP_JS_BEFORE_MAP_GOAL_KB = 450;
const CPU_THROTTLING_RATE = 4;
const RUNS = 5;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');
/** The MapLibre chunk: what visitors load to draw the map, the one split from everything else. */
const MAP_CHUNK = /\/assets\/maplibre-gl-[^/]*\.js$/;

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

interface TVisit {
  lcpMs: number;
  cls: number;
  /** Compressed bytes of the scripts requested before the map chunk. */
  jsBeforeMapBytes: number;
}

function ensureWebBuilt(): void {
  if (existsSync(path.join(WEB_DIST, 'index.html'))) return;
  progress('the web app is not built: building it (vite build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error('vite build failed');
}

/** One cold visit of the map home: new browser context (empty cache), CPU slowed down four times. */
async function visit(page: Page, url: string): Promise<TVisit> {
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
  await page.addInitScript(OBSERVE_VITALS);
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('.maplibregl-canvas').waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  // Layout shifts and the last paint candidate are reported shortly after they happen.
  await page.waitForTimeout(1000);
  const vitals = await page.evaluate(() => (window as unknown as { __vitals: { lcp: number; cls: number } }).__vitals);
  const mapIndex = scripts.findIndex((script) => MAP_CHUNK.test(new URL(script.url).pathname));
  const before = mapIndex === -1 ? scripts : scripts.slice(0, mapIndex);
  const sizes = await Promise.all(before.map((script) => script.bytes));
  await cdp.detach();
  return { lcpMs: Math.round(vitals.lcp), cls: vitals.cls, jsBeforeMapBytes: sizes.reduce((a, b) => a + b, 0) };
}

export const mapVitalsFigures: TFigureGroup = {
  name: 'map-vitals',
  run: async (context): Promise<TFigureGroupResult> => {
    const platform = await ensurePlatform(context);
    if (!existsSync(CHROMIUM)) {
      progress(`map-vitals skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
      return { figures: {}, goals: {} };
    }
    ensureWebBuilt();
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    const visits: TVisit[] = [];
    try {
      for (let run = 1; run <= RUNS; run++) {
        const browserContext = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'pt-PT' });
        const page = await browserContext.newPage();
        const result = await visit(page, `${platform.baseUrl}/`);
        await browserContext.close();
        progress(
          `visit ${run}/${RUNS}: LCP ${result.lcpMs} ms, CLS ${result.cls.toFixed(3)}, ` +
            `JS before the map chunk ${Math.round(result.jsBeforeMapBytes / 1024)} KB`,
        );
        visits.push(result);
      }
    } finally {
      await browser.close();
    }
    const figures = {
      mapLcpMs: Math.round(median(visits.map((v) => v.lcpMs))),
      // The worst visit: a shift seen once is a shift a visitor sees.
      mapCls: Number(Math.max(...visits.map((v) => v.cls)).toFixed(3)),
      mapJsBeforeMapKb: Math.round(median(visits.map((v) => v.jsBeforeMapBytes)) / 1024),
    };
    return {
      figures,
      goals: {
        mapLcpMs: { atMost: MAP_LCP_GOAL_MS },
        mapCls: { atMost: MAP_CLS_GOAL },
        mapJsBeforeMapKb: { atMost: MAP_JS_BEFORE_MAP_GOAL_KB },
      },
    };
  },
};
