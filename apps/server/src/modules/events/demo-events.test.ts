import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { readConfig } from '../../config.ts';
import { loadDemoData } from '../../seed/demo-data.ts';
import { stopExternalRef } from '../gtfs/import/feed-systems.ts';

const t = useTestApp();
const uploadDir = mkdtempSync(path.join(tmpdir(), 'mip-demo-events-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

describe('the demo events', () => {
  it('come with the first run’s demo data: Portuguese categories and incidents on Metro do Porto stations', async () => {
    await loadDemoData(t.db, readConfig({ UPLOAD_DIR: uploadDir, DEMO_DATA: 'true' }), {
      DEMO_PASSWORD: 'Demo-Pass-2026!',
    });
    const { rows: categories } = await t.db.$client.query<{
      name: string;
      category_type: string;
      allow_public: boolean;
    }>('select name, category_type, allow_public from event_categories order by name');
    expect(categories).toEqual([
      { name: 'Avaria de equipamento', category_type: 'GENERIC', allow_public: false },
      { name: 'Corte de estrada', category_type: 'TRAFFIC_CLOSED', allow_public: true },
      { name: 'Obras na via', category_type: 'TRAFFIC_HAZARD', allow_public: true },
      { name: 'Perturbação no serviço de metro', category_type: 'GENERIC', allow_public: true },
    ]);
    const { rows: events } = await t.db.$client.query<{
      title: string;
      is_public: boolean;
      is_current: boolean;
      has_alternative: boolean;
      stations: string[];
    }>(
      `select e.title, e.is_public, e.from_timestamp <= now() as is_current,
              e.geojson::text like '%"isAlternative": true%' as has_alternative,
              array(select s.external_ref from event_affected_systems a join mobility_systems s on s.id = a.system_id
                     where a.event_id = e.id) as stations
         from events e order by e.id`,
    );
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(events.some((event) => event.is_public && event.is_current)).toBe(true);
    expect(events.some((event) => event.is_public && !event.is_current)).toBe(true);
    expect(events.some((event) => event.has_alternative)).toBe(true);
    expect(events.some((event) => !event.is_public)).toBe(true);
    // Under the feed's own keys, so the background import completes these stations instead of adding twins.
    expect(events.flatMap((event) => event.stations)).toContain(stopExternalRef('5726'));
    const { rows: timeline } = await t.db.$client.query('select kind from event_timeline where kind = $1', ['CREATED']);
    expect(timeline).toHaveLength(events.length);
    // Every demo icon survived sanitising.
    const { rows: icons } = await t.db.$client.query('select 1 from event_categories where icon is null');
    expect(icons).toEqual([]);
  });
});
