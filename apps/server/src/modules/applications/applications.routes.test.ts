import { randomBytes } from 'node:crypto';
import type { TApplication, TApplicationListItem, TMapItem, TMobilityGroupNode } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEventCategory, createEventRow } from '../../../test/event-factories.ts';
import { createEntity, createEntityProfile, signInNewUser } from '../../../test/factories.ts';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');
/** A 1×1 PNG. */
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const svgDataUrl = (markup: string) => `data:image/svg+xml;base64,${Buffer.from(markup).toString('base64')}`;

let api: TCaller;
let anonymous: TCaller;

beforeAll(async () => {
  const manager = await signInNewUser(t, { permissions: ['WRITE_ROLE'] });
  api = callerOf(t, manager.authorization);
  anonymous = callerOf(t, '');
});

const externalApp = (overrides: Record<string, unknown> = {}) => ({
  name: `Horários ${unique()}`,
  type: 'EXTERNAL_URL_APP',
  url: 'https://www.metrodoporto.pt',
  ...overrides,
});

async function createApp(body: Record<string, unknown>): Promise<TApplication> {
  const response = await api.post('/applications/', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('POST /api/applications/', () => {
  it('creates a vertical app with its own configuration, which /applications/{id} lays over the platform', async () => {
    const group = await createMobilityGroup(t.db);
    const app = await createApp({
      name: 'Metro do Porto',
      description: 'As linhas e estações do metro',
      type: 'VERTICAL_APP_BASED',
      withAuth: false,
      logo: PNG_DATA_URL,
      url: 'https://ignored.example',
      settings: {
        appTitle: 'Metro do Porto',
        defaultColor: '#ff6600',
        allowedSystems: ['EVENT'],
        allowedGroups: [group.id],
        mapCenter: { lat: 41.1579, lng: -8.6291 },
        mapZoom: 12,
      },
    });
    expect(app).toMatchObject({
      name: 'Metro do Porto',
      type: 'VERTICAL_APP_BASED',
      logo: PNG_DATA_URL,
      configs: { url: null },
      profile: null,
      settings: {
        appTitle: 'Metro do Porto',
        defaultColor: '#ff6600',
        baseMapUrl: null,
        allowedSystems: ['EVENT'],
        allowedGroups: [group.id],
        mapCenter: { lat: 41.1579, lng: -8.6291 },
        mapZoom: 12,
      },
    });

    const pairs = (await anonymous.get(`/applications/${app.id}`)).json() as { name: string; value: string }[];
    const value = (name: string) => JSON.parse(pairs.find((pair) => pair.name === name)?.value ?? 'null');
    expect(value('app.appTitle')).toBe('Metro do Porto');
    expect(value('app.defaultColor')).toBe('#ff6600');
    expect(value('app.allowedSystems')).toEqual(['EVENT']);
    expect(value('app.allowedGroups')).toEqual([group.id]);
    expect(value('app.mapCenter')).toEqual({ lat: 41.1579, lng: -8.6291 });
    expect(value('app.defaultLogo')).toMatch(new RegExp(`^/api/applications/${app.id}/logo\\?v=\\d+$`));
    // What it leaves alone stays the platform's.
    expect(value('app.allowDarkMode')).toBe(true);

    const [audit] = (await findAuditRows(t.db, 'CREATE', 'application')).filter(
      (row) => row.record_id === String(app.id),
    );
    expect(audit.after).toMatchObject({
      name: 'Metro do Porto',
      logo: expect.stringMatching(/^sha1:/),
      settings: { appTitle: 'Metro do Porto', allowedGroups: [group.id] },
    });
  });

  it('creates an external app that opens its url, without settings', async () => {
    const app = await createApp(externalApp({ settings: { appTitle: 'never used' } }));
    expect(app).toMatchObject({ type: 'EXTERNAL_URL_APP', configs: { url: 'https://www.metrodoporto.pt' } });
    expect(app.settings).toBeNull();
  });

  it('answers the spec field errors', async () => {
    expectFieldError(await api.post('/applications/', externalApp({ name: ' ' })), 'name', 'MISSING_NAME');
    expectFieldError(await api.post('/applications/', externalApp({ type: undefined })), 'type', 'MISSING_TYPE');
    expectFieldError(await api.post('/applications/', externalApp({ type: 'WIDGET' })), 'type', 'INVALID_TYPE');
    expectFieldError(await api.post('/applications/', externalApp({ url: '' })), 'url', 'MISSING_URL');
    expectFieldError(
      await api.post('/applications/', externalApp({ type: 'CUSTOM_GENERATED_APP', url: null })),
      'url',
      'MISSING_URL',
    );
    expectFieldError(
      await api.post('/applications/', externalApp({ url: 'javascript:alert(1)' })),
      'url',
      'INVALID_URL',
    );
    expectFieldError(
      await api.post('/applications/', externalApp({ logo: 'https://x.example/a.png' })),
      'logo',
      'INVALID_LOGO',
    );
    expectFieldError(
      await api.post('/applications/', externalApp({ profileId: 2_000_000_000 })),
      'profileId',
      'INVALID_PROFILE',
    );
    const vertical = (settings: Record<string, unknown>) => ({ name: 'V', type: 'VERTICAL_APP_BASED', settings });
    expectFieldError(
      await api.post('/applications/', vertical({ defaultColor: 'orange' })),
      'settings.defaultColor',
      'INVALID_COLOUR',
    );
    expectFieldError(
      await api.post('/applications/', vertical({ allowedGroups: [2_000_000_000] })),
      'settings.allowedGroups',
      'INVALID_GROUP',
    );
    expectFieldError(
      await api.post('/applications/', vertical({ mapCenter: { lat: 95, lng: 0 } })),
      'settings.mapCenter.lat',
      'INVALID_MAP_CENTER',
    );
    expectFieldError(
      await api.post('/applications/', vertical({ allowedSystems: ['TRAFFIC'] })),
      'settings.allowedSystems[0]',
      'INVALID_ALLOWED_SYSTEMS',
    );
  });

  it('refuses a logo whose bytes are not a picture, and sanitises an SVG one', async () => {
    const fakePng = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;
    expectFieldError(await api.post('/applications/', externalApp({ logo: fakePng })), 'logo', 'INVALID_LOGO');
    const app = await createApp(
      externalApp({
        logo: svgDataUrl(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" onload="alert(1)"><script>alert(1)</script><circle cx="4" cy="4" r="4"/></svg>',
        ),
      }),
    );
    const markup = Buffer.from(String(app.logo).split(',')[1], 'base64').toString('utf8');
    expect(markup).toContain('<circle');
    expect(markup).not.toMatch(/script|onload/);
  });
});

describe('managing applications needs WRITE_ROLE', () => {
  it('answers 401 to a visitor and 403 to a user without it, on every management call', async () => {
    const app = await createApp(externalApp());
    const other = callerOf(t, (await signInNewUser(t, { permissions: ['READ_ROLE', 'MANAGE_LAYERS'] })).authorization);
    const calls = (caller: TCaller) => [
      caller.get('/applications/search'),
      caller.get(`/applications/${app.id}/settings`),
      caller.post('/applications/', externalApp()),
      caller.put(`/applications/${app.id}`, externalApp()),
      caller.delete(`/applications/${app.id}`),
    ];
    for (const response of await Promise.all(calls(anonymous))) expectError(response, 401, 'UNAUTHORIZED');
    for (const response of await Promise.all(calls(other))) expectError(response, 403, 'FORBIDDEN');
    expect((await api.get(`/applications/${app.id}/settings`)).statusCode).toBe(200);
  });
});

describe('PUT /api/applications/{id}', () => {
  it('saves the changes, audits only what changed, and drops the settings when no longer vertical', async () => {
    const app = await createApp({
      name: `Vertical ${unique()}`,
      type: 'VERTICAL_APP_BASED',
      settings: { appTitle: 'A' },
    });
    const updated = await api.put(`/applications/${app.id}`, {
      name: app.name,
      type: 'VERTICAL_APP_BASED',
      settings: { appTitle: 'B', defaultColor: '#123456' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().settings).toMatchObject({ appTitle: 'B', defaultColor: '#123456' });
    const [audit] = (await findAuditRows(t.db, 'UPDATE', 'application')).filter(
      (row) => row.record_id === String(app.id),
    );
    expect(audit.before).toEqual({ settings: expect.objectContaining({ appTitle: 'A', defaultColor: null }) });
    expect(audit.after).toEqual({ settings: expect.objectContaining({ appTitle: 'B', defaultColor: '#123456' }) });

    const external = await api.put(`/applications/${app.id}`, externalApp({ name: app.name }));
    expect(external.json()).toMatchObject({ type: 'EXTERNAL_URL_APP', settings: null });
    const pairs = (await anonymous.get(`/applications/${app.id}`)).json() as { name: string; value: string }[];
    expect(pairs.find((pair) => pair.name === 'app.appTitle')?.value).not.toBe('"B"');
  });

  it('answers 404 for an unknown application', async () => {
    expectError(await api.put('/applications/2000000000', externalApp()), 404, 'NOT_FOUND');
    expectError(await api.get('/applications/2000000000/settings'), 404, 'NOT_FOUND');
  });
});

describe('DELETE /api/applications/{id}', () => {
  it('deletes the application and its configuration, and audits it', async () => {
    const app = await createApp({
      name: `Gone ${unique()}`,
      type: 'VERTICAL_APP_BASED',
      settings: { appTitle: 'Gone' },
    });
    const response = await api.delete(`/applications/${app.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expectError(await anonymous.get(`/applications/${app.id}`), 404, 'NOT_FOUND');
    expectError(await api.delete(`/applications/${app.id}`), 404, 'NOT_FOUND');
    const [audit] = (await findAuditRows(t.db, 'DELETE', 'application')).filter(
      (row) => row.record_id === String(app.id),
    );
    expect(audit.before).toMatchObject({ name: app.name, settings: { appTitle: 'Gone' } });
  });
});

describe('GET /api/applications/search', () => {
  it('pages, sorts, searches and filters by type on the server', async () => {
    const word = `Pesquisa${unique()}`;
    for (const letter of ['C', 'A', 'B']) await createApp(externalApp({ name: `${word} ${letter}` }));
    await createApp({ name: `${word} V`, type: 'VERTICAL_APP_BASED' });
    const first = (
      await api.get('/applications/search', { universalSearch: word, itemsPerPage: '2', currentPage: '0' })
    ).json();
    expect(first).toMatchObject({ totalItems: 4, totalPages: 2, currentPage: 0, itemsPerPage: 2 });
    expect(first.content.map((item: TApplicationListItem) => item.name)).toEqual([`${word} A`, `${word} B`]);
    const verticals = (
      await api.get('/applications/search', { universalSearch: word, type: 'VERTICAL_APP_BASED' })
    ).json();
    expect(verticals.content.map((item: TApplicationListItem) => item.name)).toEqual([`${word} V`]);
  });
});

describe('GET /api/applications/ (the portal)', () => {
  it('hides apps needing authentication from visitors and limits apps to their entity type', async () => {
    const profile = await createEntityProfile(t.db);
    const open = await createApp(externalApp());
    const signedInOnly = await createApp(externalApp({ withAuth: true }));
    const forProfile = await createApp(externalApp({ withAuth: true, profileId: profile.id }));

    const names = (response: { json: () => TApplicationListItem[] }) => response.json().map((item) => item.id);
    const visitor = names(await anonymous.get('/applications/'));
    expect(visitor).toContain(open.id);
    expect(visitor).not.toContain(signedInOnly.id);
    expect(visitor).not.toContain(forProfile.id);

    const outsider = callerOf(t, (await signInNewUser(t)).authorization);
    const seenByOutsider = names(await outsider.get('/applications/'));
    expect(seenByOutsider).toEqual(expect.arrayContaining([open.id, signedInOnly.id]));
    expect(seenByOutsider).not.toContain(forProfile.id);

    const entity = await createEntity(t.db, { profileId: profile.id });
    const member = callerOf(t, (await signInNewUser(t, { entityId: entity.id })).authorization);
    const listed = (await member.get('/applications/')).json() as TApplicationListItem[];
    expect(listed.find((item) => item.id === forProfile.id)).toMatchObject({
      profile: { id: profile.id, name: profile.name },
      configs: { url: 'https://www.metrodoporto.pt' },
    });
  });
});

describe('opening an app that needs authentication', () => {
  it('asks a visitor to sign in, refuses another entity type, and opens for its own', async () => {
    const profile = await createEntityProfile(t.db);
    const signedInOnly = await createApp({ name: `Interna ${unique()}`, type: 'VERTICAL_APP_BASED', withAuth: true });
    const forProfile = await createApp({
      name: `Do perfil ${unique()}`,
      type: 'VERTICAL_APP_BASED',
      withAuth: true,
      profileId: profile.id,
    });
    for (const path of ['', '/map/', '/mobility-system-groups/tree']) {
      expectError(await anonymous.get(`/applications/${signedInOnly.id}${path}`), 401, 'UNAUTHORIZED');
    }
    const outsider = callerOf(t, (await signInNewUser(t)).authorization);
    expect((await outsider.get(`/applications/${signedInOnly.id}`)).statusCode).toBe(200);
    expectError(await outsider.get(`/applications/${forProfile.id}`), 403, 'FORBIDDEN');
    expectError(
      await outsider.post(`/applications/${forProfile.id}/mobility-system/public`, { universalSearch: 'a' }),
      403,
      'FORBIDDEN',
    );
    const entity = await createEntity(t.db, { profileId: profile.id });
    const member = callerOf(t, (await signInNewUser(t, { entityId: entity.id })).authorization);
    const pairs = (await member.get(`/applications/${forProfile.id}`)).json() as { name: string; value: string }[];
    expect(pairs.find((pair) => pair.name === 'app.appId')?.value).toBe(String(forProfile.id));
  });
});

describe('GET /api/applications/{appId}/logo', () => {
  it('serves the logo with its type, and 404 when there is none', async () => {
    const app = await createApp(externalApp({ logo: PNG_DATA_URL }));
    const response = await anonymous.get(`/applications/${app.id}/logo`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const bare = await createApp(externalApp());
    expectError(await anonymous.get(`/applications/${bare.id}/logo`), 404, 'NOT_FOUND');
  });
});

describe("a vertical app's map calls", () => {
  it('draw only its groups (with their subgroups) and incident kinds, and follow an edit', async () => {
    const metro = await createMobilityGroup(t.db, { name: `Metro ${unique()}` });
    const line = await createMobilityGroup(t.db, { name: `Linha ${unique()}`, parentId: metro.id });
    const buses = await createMobilityGroup(t.db, { name: `Autocarros ${unique()}` });
    const station = await createMobilitySystem(t.db, { groupId: line.id, name: `Trindade ${unique()}` });
    await createMobilitySystem(t.db, { groupId: buses.id, name: `Trindade ${unique()}` });
    const category = await createEventCategory(t.db);
    const entity = await createEntity(t.db);
    await createEventRow(t.db, { categoryId: category.id, entityId: entity.id, isPublic: true });
    await createEventRow(t.db, {
      categoryId: category.id,
      entityId: entity.id,
      isPublic: true,
      fromTimestamp: new Date(Date.now() + 86_400_000),
    });
    const body = { name: `Metro app ${unique()}`, type: 'VERTICAL_APP_BASED' };
    const app = await createApp({ ...body, settings: { allowedGroups: [metro.id], allowedSystems: ['FUTURE_EVENT'] } });

    const items = (await anonymous.get(`/applications/${app.id}/map/`)).json() as TMapItem[];
    const groupIds = items.filter((item) => item.type === 'GROUP').map((item) => item.group?.id);
    expect(groupIds).toEqual(expect.arrayContaining([metro.id, line.id]));
    expect(groupIds).not.toContain(buses.id);
    expect(items.map((item) => item.type).filter((type) => type !== 'GROUP')).toEqual(['FUTURE_EVENT']);
    // The platform's map still has everything.
    const all = (await anonymous.get('/map/')).json() as TMapItem[];
    expect(all.map((item) => item.group?.id)).toContain(buses.id);
    expect(all.map((item) => item.type)).toContain('EVENT');

    const tree = (
      await anonymous.get(`/applications/${app.id}/mobility-system-groups/tree`)
    ).json() as TMobilityGroupNode[];
    expect(tree.map((node) => node.id)).toEqual([metro.id]);
    expect(tree[0].subgroups.map((node) => node.id)).toEqual([line.id]);

    const search = async (parentId: number[]) =>
      (
        await anonymous.post(`/applications/${app.id}/mobility-system/public`, {
          universalSearch: 'Trindade',
          parentId,
        })
      )
        .json()
        .map((result: { id: number; parentId: number }) => result.parentId);
    expect(await search([])).toEqual([line.id]);
    expect(await search([buses.id])).toEqual([]);
    expect(await search([line.id])).toEqual([line.id]);
    expect(station.groupId).toBe(line.id);

    await api.put(`/applications/${app.id}`, { ...body, settings: { allowedGroups: [buses.id] } });
    const edited = (await anonymous.get(`/applications/${app.id}/map/`)).json() as TMapItem[];
    expect(edited.filter((item) => item.type === 'GROUP').map((item) => item.group?.id)).toEqual([buses.id]);
    expect(edited.map((item) => item.type)).toEqual(expect.arrayContaining(['EVENT', 'FUTURE_EVENT']));
  });

  it('answers 404 for an unknown application', async () => {
    expectError(await anonymous.get('/applications/2000000000/map/'), 404, 'NOT_FOUND');
    expectError(await anonymous.get('/applications/2000000000/mobility-system-groups/tree'), 404, 'NOT_FOUND');
    expectError(
      await anonymous.post('/applications/2000000000/mobility-system/public', { universalSearch: 'x' }),
      404,
      'NOT_FOUND',
    );
  });
});
