import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIGURATION_CATALOG, PERMISSIONS, transformConfiguration } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createApplication, signInNewUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { MIGRATIONS_FOLDER } from '../../db/migrate.ts';

const t = useTestApp();
/** Holds WRITE_CONFIGURATION. */
let admin: { authorization: string; user: { id: number } };
/** Holds every permission but WRITE_CONFIGURATION. */
let other: { authorization: string };

beforeAll(async () => {
  admin = await signInNewUser(t, { permissions: ['WRITE_CONFIGURATION'] });
  other = await signInNewUser(t, { permissions: PERMISSIONS.filter((p) => p !== 'WRITE_CONFIGURATION') });
});

const publicDefaults = () =>
  CONFIGURATION_CATALOG.filter((entry) => entry.name.startsWith('app.')).map((entry) => ({
    name: entry.name,
    value: entry.defaultValue,
  }));

async function storeConfiguration(name: string, value: string) {
  await t.db.$client.query(
    'insert into configuration (name, value) values ($1, $2) on conflict (name) do update set value = $2',
    [name, value],
  );
  // Written behind the app's back: drop its in-memory copy, as a change announced by another process would.
  t.app.configurationCache.invalidate();
}

async function readPublicList() {
  const response = await t.app.inject({ url: '/api/configuration/public/list' });
  expect(response.statusCode).toBe(200);
  return response.json() as { name: string; value: string }[];
}

function saveConfiguration(pairs: { name: string; value: string }[], authorization = admin.authorization) {
  return t.app.inject({ method: 'PUT', url: '/api/configuration/', headers: { authorization }, payload: { pairs } });
}

function saveInformation(type: string, content: string, authorization?: string) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/informations/',
    headers: authorization ? { authorization } : {},
    payload: { type, content },
  });
}

/** Width and height from a PNG's IHDR chunk, which always comes first after the 8-byte signature. */
function pngSize(png: Buffer) {
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('GET /api/configuration/public/list', () => {
  it("answers the catalogue's public defaults as name/value pairs before anything is saved", async () => {
    const pairs = await readPublicList();
    expect(pairs).toHaveLength(publicDefaults().length + 2);
    expect(pairs).toEqual(expect.arrayContaining(publicDefaults()));
  });

  it('names no application and gives the product icon as the logo (spec 001 §3 defaultLogo, appId)', async () => {
    const pairs = await readPublicList();
    expect(pairs).toContainEqual({ name: 'app.appId', value: 'null' });
    const logo = JSON.parse(pairs.find((pair) => pair.name === 'app.defaultLogo')?.value ?? 'null') as string;
    const response = await t.app.inject({ url: logo });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });

  it('reads as the spec application configuration once transformed', async () => {
    const config = transformConfiguration(await readPublicList());
    expect(config).toMatchObject({
      appTitle: 'Plataforma de Mobilidade',
      allowDarkMode: true,
      allowedSystems: ['EVENT', 'FUTURE_EVENT'],
      defaultCountry: 'PT',
    });
  });

  it("shows a saved value instead of the default, and never a name outside 'app.'", async () => {
    await storeConfiguration('app.appTitle', '"Mobilidade do Porto"');
    await storeConfiguration('smtp.password', '"s3cret"');
    const pairs = await readPublicList();
    expect(pairs).toContainEqual({ name: 'app.appTitle', value: '"Mobilidade do Porto"' });
    expect(pairs.every((pair) => pair.name.startsWith('app.'))).toBe(true);
    expect(JSON.stringify(pairs)).not.toContain('s3cret');
    await storeConfiguration('app.appTitle', '"Plataforma de Mobilidade"');
  });

  it('is public', async () => {
    expect((await t.app.inject({ url: '/api/configuration/public/list' })).statusCode).toBe(200);
  });
});

describe('GET /api/applications/{appId}', () => {
  it("lays the application's pairs over the platform's and adds app.appId", async () => {
    const application = await createApplication(t.db, [
      { name: 'app.appTitle', value: '"Metro em Tempo Real"' },
      { name: 'app.defaultColor', value: '"#ffcc00"' },
    ]);
    const response = await t.app.inject({ url: `/api/applications/${application.id}` });
    expect(response.statusCode).toBe(200);
    const pairs = response.json() as { name: string; value: string }[];
    expect(pairs.filter((pair) => pair.name === 'app.appTitle')).toEqual([
      { name: 'app.appTitle', value: '"Metro em Tempo Real"' },
    ]);
    const config = transformConfiguration(pairs);
    expect(config).toMatchObject({
      appId: application.id,
      appTitle: 'Metro em Tempo Real',
      defaultColor: '#ffcc00',
      allowDarkMode: true,
      defaultCountry: 'PT',
    });
  });

  it('keeps the platform values for an application without pairs of its own', async () => {
    const application = await createApplication(t.db);
    const response = await t.app.inject({ url: `/api/applications/${application.id}` });
    const { appId, ...rest } = transformConfiguration(response.json());
    expect(appId).toBe(application.id);
    const { appId: platformAppId, ...platform } = transformConfiguration(await readPublicList());
    expect(platformAppId).toBeNull();
    expect(rest).toEqual(platform);
  });

  it('answers 404 for an unknown application', async () => {
    expectError(await t.app.inject({ url: '/api/applications/999999' }), 404, 'NOT_FOUND');
  });

  it('answers 400 for an id that is not a number', async () => {
    expect((await t.app.inject({ url: '/api/applications/abc' })).statusCode).toBe(400);
  });
});

describe('GET /api/configuration/public/appicon', () => {
  it('draws an SVG in the configured colour', async () => {
    await storeConfiguration('app.defaultColor', '"#123abc"');
    const response = await t.app.inject({ url: '/api/configuration/public/appicon?type=SVG&size=64' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg[^>]+width="64"[^>]+height="64"/);
    expect(response.body).toContain('#123abc');
    await storeConfiguration('app.defaultColor', '"#0a6c74"');
  });

  it.each([48, 192, 512])('draws a PNG %i pixels wide', async (size) => {
    const response = await t.app.inject({ url: `/api/configuration/public/appicon?type=PNG&size=${size}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = response.rawPayload;
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(png)).toEqual({ width: size, height: size });
  });

  it.each(['type=GIF', 'size=8', 'size=5000', 'size=abc'])('refuses %s with 400', async (query) => {
    const response = await t.app.inject({ url: `/api/configuration/public/appicon?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ hasErrors: true });
  });
});

describe('app-style', () => {
  it('answers a stylesheet with the configured colour', async () => {
    await storeConfiguration('app.defaultColor', '"#00ff7f"');
    const response = await t.app.inject({ url: '/api/configuration/public/app-style' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.body).toContain('--app-primary-color: #00ff7f');
    await storeConfiguration('app.defaultColor', '"#0a6c74"');
  });

  it('names the shades links read in at AA, or the text colour when the colour has none', async () => {
    await storeConfiguration('app.defaultColor', '"#0a6c74"');
    const teal = (await t.app.inject({ url: '/api/configuration/public/app-style' })).body;
    // The teal itself on white; on a dark card its shade 4 reads at 3.9:1, so a lighter one.
    expect(teal).toContain('--app-link-light: var(--app-primary-6)');
    expect(teal).toContain('--app-link-dark: var(--app-primary-3)');
    await storeConfiguration('app.defaultColor', '"#ffeb3b"');
    const yellow = (await t.app.inject({ url: '/api/configuration/public/app-style' })).body;
    expect(yellow).toContain('--app-link-light: var(--mantine-color-text)');
    await storeConfiguration('app.defaultColor', '"#0a6c74"');
  });

  it("uses an application's own colour under /api/applications/{appId}/app-style", async () => {
    const application = await createApplication(t.db, [{ name: 'app.defaultColor', value: '"hsl(200, 60%, 40%)"' }]);
    const response = await t.app.inject({ url: `/api/applications/${application.id}/app-style` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.body).toContain('hsl(200, 60%, 40%)');
  });

  it('never writes a stored value that is not a colour into the stylesheet', async () => {
    const application = await createApplication(t.db, [
      { name: 'app.defaultColor', value: '"red; } body { background: url(https://evil.example)"' },
    ]);
    const response = await t.app.inject({ url: `/api/applications/${application.id}/app-style` });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('evil.example');
  });

  it('answers 404 for an unknown application', async () => {
    expect((await t.app.inject({ url: '/api/applications/999999/app-style' })).statusCode).toBe(404);
  });
});

describe('informations', () => {
  const readInformation = (type: string) => t.app.inject({ url: `/api/informations/?type=${type}` });

  it('answers an empty announcement before one is written', async () => {
    const response = await readInformation('GENERAL_ANNOUNCEMENT');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ content: '' });
  });

  it('refuses a missing or unknown type', async () => {
    expect((await t.app.inject({ url: '/api/informations/' })).statusCode).toBe(400);
    expect((await readInformation('SECRET_NOTES')).statusCode).toBe(400);
  });

  it('asks anonymous callers to sign in and refuses users without WRITE_CONFIGURATION', async () => {
    expectError(await saveInformation('GENERAL_ANNOUNCEMENT', 'Greve amanhã'), 401, 'UNAUTHORIZED');
    expectError(await saveInformation('GENERAL_ANNOUNCEMENT', 'Greve amanhã', other.authorization), 403, 'FORBIDDEN');
    expect((await readInformation('GENERAL_ANNOUNCEMENT')).json()).toEqual({ content: '' });
  });

  it('stores an announcement that everyone then reads, and audits it', async () => {
    const content = 'Greve no Metro do Porto na sexta-feira, 25 de abril.';
    const response = await saveInformation('GENERAL_ANNOUNCEMENT', content, admin.authorization);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ content });
    expect((await readInformation('GENERAL_ANNOUNCEMENT')).json()).toEqual({ content });

    const rows = await findAuditRows(t.db, 'CREATE', 'information');
    expect(rows).toContainEqual(
      expect.objectContaining({
        user_id: admin.user.id,
        record_id: 'GENERAL_ANNOUNCEMENT',
        before: null,
        after: { content },
      }),
    );

    await saveInformation('GENERAL_ANNOUNCEMENT', 'Serviço normal.', admin.authorization);
    expect(await findAuditRows(t.db, 'UPDATE', 'information')).toContainEqual(
      expect.objectContaining({ before: { content }, after: { content: 'Serviço normal.' } }),
    );
  });

  it('refuses text the database cannot hold with a field error, and keeps emoji', async () => {
    expectFieldError(
      await saveInformation('GENERAL_ANNOUNCEMENT', 'Greve\u0000amanhã', admin.authorization),
      'content',
      'INVALID_VALUE',
    );
    expectFieldError(
      await saveInformation('GENERAL_ANNOUNCEMENT', 'Greve \ud83d amanhã', admin.authorization),
      'content',
      'INVALID_VALUE',
    );
    const response = await saveInformation('GENERAL_ANNOUNCEMENT', 'Metro 🚇 normal', admin.authorization);
    expect(response.json()).toEqual({ content: 'Metro 🚇 normal' });
  });

  it('removes scripts from dashboard highlights but keeps the formatting', async () => {
    const html =
      '<p>Obras na <strong>Avenida</strong></p><script>alert(document.cookie)</script><img src=x onerror=alert(1)>';
    const response = await saveInformation('DASHBOARD_HIGHLIGHTS', html, admin.authorization);
    expect(response.statusCode).toBe(200);
    const stored = (await readInformation('DASHBOARD_HIGHLIGHTS')).json().content as string;
    expect(stored).toContain('<p>Obras na <strong>Avenida</strong></p>');
    expect(stored).not.toMatch(/<script|alert|onerror/i);
  });
});

describe('PUT /api/configuration/', () => {
  it('saves valid pairs, shows them publicly and audits each change', async () => {
    const response = await saveConfiguration([
      { name: 'app.appTitle', value: '"Mobilidade Gaia"' },
      { name: 'app.allowDarkMode', value: 'false' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const config = transformConfiguration(await readPublicList());
    expect(config).toMatchObject({ appTitle: 'Mobilidade Gaia', allowDarkMode: false });
    const audited = (await findAuditRows(t.db, 'CREATE', 'configuration')).concat(
      await findAuditRows(t.db, 'UPDATE', 'configuration'),
    );
    expect(audited).toContainEqual(
      expect.objectContaining({ user_id: admin.user.id, record_id: 'app.allowDarkMode', after: { value: 'false' } }),
    );
  });

  it('takes the map-type and base map settings, an empty key and attribution included', async () => {
    const response = await saveConfiguration([
      { name: 'app.enableGoogleSatellite', value: 'true' },
      { name: 'app.googleMapApiKey', value: '"AIza-test-key"' },
      { name: 'app.baseMapUrl', value: '"https://tile.openstreetmap.org/{z}/{x}/{y}.png"' },
      { name: 'app.baseMapAttribution', value: '""' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(transformConfiguration(await readPublicList())).toMatchObject({
      enableGoogleRoadMap: false,
      enableGoogleSatellite: true,
      googleMapApiKey: 'AIza-test-key',
      baseMapUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      baseMapAttribution: '',
    });
    await saveConfiguration([
      { name: 'app.enableGoogleSatellite', value: 'false' },
      { name: 'app.googleMapApiKey', value: '""' },
      { name: 'app.baseMapUrl', value: '""' },
    ]);
  });

  it('audits a change of a key or a feed address without the value, and a cleared one as cleared', async () => {
    const key = '"AIza-secret-in-audit"';
    const feed = '"https://waze.example/feed?token=secret-feed-token"';
    await saveConfiguration([
      { name: 'app.googleMapApiKey', value: key },
      { name: 'waze.feedUrl', value: feed },
    ]);
    await saveConfiguration([{ name: 'app.googleMapApiKey', value: '""' }]);
    const { rows } = await t.db.$client.query<{ record_id: string; before: unknown; after: unknown }>(
      `select record_id, before, after from audit_log
        where record_type = 'configuration' and record_id in ('app.googleMapApiKey', 'waze.feedUrl') order by id`,
    );
    expect(JSON.stringify(rows)).not.toMatch(/secret/);
    expect(rows.at(-2)).toMatchObject({ record_id: 'waze.feedUrl', after: { value: '[changed]' } });
    expect(rows.at(-1)).toEqual({
      record_id: 'app.googleMapApiKey',
      before: { value: '[redacted]' },
      after: { value: '""' },
    });
  });

  it('takes the keys logged in clear before it out of the log (migration 0023)', async () => {
    const logged = [
      ['waze.feedUrl', '"https://w.example/?token=old-secret"', '"https://w.example/?token=new-secret"'],
      ['app.googleMapApiKey', null, '"AIza-old-secret"'],
      ['app.googleMapApiKey', '"AIza-old-secret"', '""'],
      ['app.appTitle', '"A"', '"B"'],
    ];
    const ids: number[] = [];
    for (const [name, before, after] of logged) {
      const { rows } = await t.db.$client.query<{ id: number }>(
        `insert into audit_log (action, record_type, record_id, before, after)
         values ('UPDATE', 'configuration', $1, $2, $3) returning id`,
        [name, before === null ? null : { value: before }, { value: after }],
      );
      ids.push(rows[0].id);
    }
    const migration = readFileSync(
      path.join(MIGRATIONS_FOLDER, '0023_query_reader_side_effects_and_audit_view.sql'),
      'utf8',
    );
    const scrub = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE public.audit_log'));
    await t.db.$client.query(scrub as string);
    const { rows } = await t.db.$client.query<{ before: unknown; after: unknown }>(
      'select before, after from audit_log where id = any($1) order by id',
      [ids],
    );
    expect(rows).toEqual([
      { before: { value: '[redacted]' }, after: { value: '[changed]' } },
      { before: null, after: { value: '[changed]' } },
      { before: { value: '[redacted]' }, after: { value: '""' } },
      { before: { value: '"A"' }, after: { value: '"B"' } },
    ]);
  });

  it('answers INVALID_COLOUR on the value of a colour that is not one', async () => {
    expectFieldError(
      await saveConfiguration([{ name: 'app.defaultColor', value: '"#12345"' }]),
      'pairs[0].value',
      'INVALID_COLOUR',
    );
  });

  it('answers INVALID_NAME for a name the platform does not know', async () => {
    const response = await saveConfiguration([
      { name: 'app.appTitle', value: '"Ok"' },
      { name: 'app.noSuchSetting', value: '1' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ property: expect.stringMatching(/^pairs\[1\]/), error: 'INVALID_NAME' }]);
  });

  it.each([
    ['a boolean', 'app.allowDarkMode', 'yes', 'INVALID_VALUE'],
    ['a country', 'app.defaultCountry', '"Portugal"', 'INVALID_VALUE'],
    ['an email', 'app.supportEmail', '"not-an-email"', 'INVALID_EMAIL'],
    ['the allowed systems', 'app.allowedSystems', '["EVENT","TRAINS"]', 'INVALID_VALUE'],
    ['an optional text', 'app.googleMapApiKey', JSON.stringify('k'.repeat(1001)), 'INVALID_VALUE'],
    ['a text at all', 'app.baseMapAttribution', '42', 'INVALID_VALUE'],
  ])('refuses a value that is not %s', async (_kind, name, value, error) => {
    expectFieldError(await saveConfiguration([{ name, value }]), 'pairs[0].value', error);
  });

  it('writes nothing when any pair is invalid', async () => {
    const before = await readPublicList();
    const auditCount = (await t.db.$client.query('select count(*)::int as n from audit_log')).rows[0].n;
    const response = await saveConfiguration([
      { name: 'app.appTitle', value: '"Half written"' },
      { name: 'app.defaultColor', value: '"blue"' },
    ]);
    expectFieldError(response, 'pairs[1].value', 'INVALID_COLOUR');
    expect(await readPublicList()).toEqual(before);
    expect((await t.db.$client.query('select count(*)::int as n from audit_log')).rows[0].n).toBe(auditCount);
  });

  it('asks anonymous callers to sign in and refuses users without WRITE_CONFIGURATION', async () => {
    const pairs = [{ name: 'app.appTitle', value: '"Intruso"' }];
    expectError(
      await t.app.inject({ method: 'PUT', url: '/api/configuration/', payload: { pairs } }),
      401,
      'UNAUTHORIZED',
    );
    expectError(await saveConfiguration(pairs, other.authorization), 403, 'FORBIDDEN');
    expect(transformConfiguration(await readPublicList()).appTitle).not.toBe('Intruso');
  });
});

describe('GET /api/configuration/list', () => {
  it('shows the private settings too, to WRITE_CONFIGURATION holders only', async () => {
    await storeConfiguration('mail.from', '"Plataforma <no-reply@cm-porto.example>"');
    const response = await t.app.inject({
      url: '/api/configuration/list',
      headers: { authorization: admin.authorization },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({ name: 'mail.from', value: '"Plataforma <no-reply@cm-porto.example>"' });
    expectError(
      await t.app.inject({ url: '/api/configuration/list', headers: { authorization: other.authorization } }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.app.inject({ url: '/api/configuration/list' }), 401, 'UNAUTHORIZED');
  });
});

describe('caching', () => {
  it('lets browsers keep the icon for an hour, since it only changes with the colour', async () => {
    const response = await t.app.inject({ url: '/api/configuration/public/appicon' });
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('the public configuration cache', () => {
  it('picks up a change announced by another server process through PostgreSQL NOTIFY', async () => {
    // Read once so the cache holds the current value.
    expect((await readPublicList()).find((pair) => pair.name === 'app.appTitle')?.value).not.toBe('"Metro Norte"');
    // Another process saves and announces; this one never saw the write.
    await t.db.$client.query(
      "insert into configuration (name, value) values ('app.appTitle', '\"Metro Norte\"') on conflict (name) do update set value = excluded.value",
    );
    await t.db.$client.query("select pg_notify('mip_configuration_changed', '')");
    await expect
      .poll(async () => (await readPublicList()).find((pair) => pair.name === 'app.appTitle')?.value, { timeout: 3000 })
      .toBe('"Metro Norte"');
  });
});
