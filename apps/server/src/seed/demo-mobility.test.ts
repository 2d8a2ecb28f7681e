import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/assertions.ts';
import { signIn } from '../../test/factories.ts';
import { callerOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { readConfig } from '../config.ts';
import { loadDemoData } from './demo-data.ts';

const t = useTestApp();
const uploadDir = mkdtempSync(path.join(tmpdir(), 'mip-demo-mobility-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

describe('the demo networks', () => {
  it('belong to their operator or the municipality, and each demo user edits only its own', async () => {
    await loadDemoData(t.db, readConfig({ UPLOAD_DIR: uploadDir, DEMO_DATA: 'true' }), {
      DEMO_PASSWORD: 'Demo-Pass-2026!',
    });
    // Only who owns what matters here, not the demo feed's import (seconds of work).
    await t.db.$client.query(`update gtfs_import_jobs set status = 'CANCELLED' where status = 'QUEUED'`);
    const { rows: owners } = await t.db.$client.query<{ group: string; entity: string }>(
      `select g.name as group, e.name as entity
         from mobility_system_groups g join entities e on e.id = g.entity_id order by g.name`,
    );
    expect(owners).toEqual([
      { group: 'Metro do Porto', entity: 'Metro do Porto, S.A.' },
      { group: 'Sensores', entity: 'Direção Municipal de Mobilidade e Transportes' },
    ]);

    const metro = callerOf(t, (await signIn(t.app, 'metro@mobilidade.example', 'Demo-Pass-2026!')).authorization);
    const operator = callerOf(t, (await signIn(t.app, 'operador@mobilidade.example', 'Demo-Pass-2026!')).authorization);
    const groupNames = async (caller: typeof metro) =>
      ((await caller.get('/mobility-system-groups/search')).json().content as { name: string }[]).map((g) => g.name);
    expect(await groupNames(metro)).toEqual(['Metro do Porto']);
    expect(await groupNames(operator)).toEqual(['Sensores']);

    const { rows: sensors } = await t.db.$client.query<{ id: number }>(
      `select s.id from mobility_systems s join mobility_system_groups g on g.id = s.group_id where g.name = 'Sensores'`,
    );
    expectError(await metro.get(`/mobility-systems/${sensors[0].id}`), 404, 'NOT_FOUND');
    expectError(await metro.delete(`/mobility-systems/${sensors[0].id}`), 404, 'NOT_FOUND');
    expect((await operator.get(`/mobility-systems/${sensors[0].id}`)).statusCode).toBe(200);

    const { rows: jobs } = await t.db.$client.query<{ id: number }>('select id from gtfs_import_jobs');
    expectError(await operator.get(`/gtfs/imports/${jobs[0].id}`), 404, 'NOT_FOUND');
    expect((await metro.get(`/gtfs/imports/${jobs[0].id}`)).json().group.name).toBe('Metro do Porto');
  });
});
