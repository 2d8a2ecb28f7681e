import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callerOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { readConfig } from '../config.ts';
import { loadDemoData } from './demo-data.ts';

const t = useTestApp();
const uploadDir = mkdtempSync(path.join(tmpdir(), 'mip-demo-dashboards-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

describe('the demo dashboard', () => {
  it('is public, and every one of its charts and tables answers with the demo incidents', async () => {
    await loadDemoData(t.db, readConfig({ UPLOAD_DIR: uploadDir, DEMO_DATA: 'true' }), {
      DEMO_PASSWORD: 'Demo-Pass-2026!',
    });
    const { rows } = await t.db.$client.query<{ id: number }>(
      "select id from dashboards where name = 'Ocorrências e transportes'",
    );
    const visitor = callerOf(t, '');
    const dashboard = (await visitor.get(`/dashboards/${rows[0].id}`)).json();
    const types = dashboard.widgets.map((widget: { name: string }) => widget.name);
    expect(types).toEqual(expect.arrayContaining(['PieChart', 'SimpleBarChart', 'MultiSeriesBarChart', 'TableWidget']));
    for (const widget of dashboard.widgets.filter((w: { sourceId: number | null }) => w.sourceId !== null)) {
      const response = await visitor.post(`/dashboards/${dashboard.id}/widget/${widget.id}`, { parameters: {} });
      expect(response.statusCode, `${widget.title}: ${response.body}`).toBe(200);
      if (widget.title.startsWith('Ocorrências')) expect(response.json().rows.length, widget.title).toBeGreaterThan(0);
    }
  });
});
