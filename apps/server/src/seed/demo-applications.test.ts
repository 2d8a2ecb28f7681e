import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TApplicationListItem, TMapItem, TMobilityGroupNode } from '@mip/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/factories.ts';
import { callerOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { readConfig } from '../config.ts';
import { loadDemoData } from './demo-data.ts';

const t = useTestApp();
const uploadDir = mkdtempSync(path.join(tmpdir(), 'mip-demo-apps-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

describe('the demo applications', () => {
  it('list a Metro do Porto vertical app limited to its network, and a staff-only link after sign-in', async () => {
    const credentials = await loadDemoData(
      t.db,
      readConfig({ UPLOAD_DIR: uploadDir, DEMO_DATA: 'true', ADMIN_PASSWORD: 'Admin-Pass-2026!' }),
      { DEMO_PASSWORD: 'Demo-Pass-2026!' },
    );
    const visitor = callerOf(t, '');
    const listed = (await visitor.get('/applications/')).json() as TApplicationListItem[];
    expect(listed.map((app) => app.name)).toEqual(['Dados abertos do Porto', 'Metro do Porto']);
    const metro = listed.find((app) => app.type === 'VERTICAL_APP_BASED') as TApplicationListItem;
    expect(metro.logo).toMatch(/^data:image\/svg\+xml;base64,/);

    const pairs = (await visitor.get(`/applications/${metro.id}`)).json() as { name: string; value: string }[];
    expect(pairs).toContainEqual({ name: 'app.appTitle', value: '"Metro do Porto"' });
    const tree = (await visitor.get(`/applications/${metro.id}/mobility-system-groups/tree`)).json();
    expect(tree.map((node: TMobilityGroupNode) => node.name)).toEqual(['Metro do Porto']);
    const items = (await visitor.get(`/applications/${metro.id}/map/`)).json() as TMapItem[];
    expect(items.filter((item) => item.type === 'GROUP').map((item) => item.group?.id)).toEqual([tree[0].id]);

    const admin = await signIn(t.app, credentials.admin.email, credentials.admin.password);
    const staff = (await callerOf(t, admin.authorization).get('/applications/')).json() as TApplicationListItem[];
    expect(staff.map((app) => app.name)).toContain('IMT — Instituto da Mobilidade e dos Transportes');
  });
});
