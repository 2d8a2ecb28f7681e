import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEntity, createEntityProfile, createRole, signInNewUser } from '../../../test/factories.ts';
import { createMobilitySystem } from '../../../test/mobility-factories.ts';
import { callerOf, limitedCallerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');
const full = { lg: 12, md: 12, sm: 12 };

let manager: TCaller;
let anonymous: TCaller;
let sourceId: number;
let filteredSourceId: number;

beforeAll(async () => {
  const signedIn = await signInNewUser(t, {
    permissions: ['MANAGE_DASHBOARDS', 'MANAGE_DATASOURCES', 'READ_DASHBOARD'],
  });
  manager = callerOf(t, signedIn.authorization);
  anonymous = callerOf(t, '');
  const source = await manager.post('/data-sources', {
    name: `Por letra ${unique()}`,
    query: `select v.letra as "Letra", v.total as "Total", v.grupo as "Grupo"
              from (values ('A', 3, 'x'), ('B', 5, 'y'), ('C', 2, 'x')) as v(letra, total, grupo) order by 1`,
  });
  expect(source.statusCode, source.body).toBe(200);
  sourceId = source.json().id;
  const filtered = await manager.post('/data-sources', {
    name: `Filtrada ${unique()}`,
    query: `select g as "N", g * 10 as "Dez" from generate_series(1, :ate) g where true {{par}} order by g`,
    parameters: [
      { variableName: 'ate', type: 'NUMERIC', label: 'Até', mandatory: true },
      { variableName: 'par', type: 'OPTIONAL', label: 'Só pares', partialQuery: 'and g % 2 = 0' },
    ],
  });
  expect(filtered.statusCode, filtered.body).toBe(200);
  filteredSourceId = filtered.json().id;
});

const pie = (overrides: Record<string, unknown> = {}) => ({
  name: 'PieChart',
  title: 'Por letra',
  size: { lg: 6, md: 6, sm: 12 },
  sourceId,
  nameKey: 'Letra',
  dataKey: 'Total',
  ...overrides,
});

async function createDashboard(body: Record<string, unknown>) {
  const response = await manager.post('/dashboards', { name: `Painel ${unique()}`, status: 'ACTIVE', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; name: string; widgets: { id: number; title: string; name: string }[] };
}

describe('POST /api/dashboards: the spec’s widget validity rules', () => {
  it('needs a name (Deve indicar um nome)', async () => {
    expectFieldError(await manager.post('/dashboards', { name: '' }), 'name', 'MISSING_NAME');
  });

  it('chart widgets need a source, a title and sizes; pies their radii and keys', async () => {
    const response = await manager.post('/dashboards', {
      name: 'x',
      widgets: [
        { name: 'PieChart', title: '', size: { lg: 5, md: 6 }, sourceId: null, innerRadius: null, outerRadius: 95 },
      ],
    });
    expectFieldError(response, 'widgets[0].size.lg', 'INVALID_SIZE');
    expectFieldError(response, 'widgets[0].size.sm', 'MISSING_SIZE');
    expectFieldError(response, 'widgets[0].outerRadius', 'INVALID_RADIUS');
    const rules = await manager.post('/dashboards', {
      name: 'x',
      widgets: [{ name: 'PieChart', title: '', size: full, sourceId: null, innerRadius: null }],
    });
    expectFieldError(rules, 'widgets[0].sourceId', 'MISSING_SOURCE');
    expectFieldError(rules, 'widgets[0].title', 'MISSING_TITLE');
    expectFieldError(rules, 'widgets[0].innerRadius', 'MISSING_INNER_RADIUS');
    expectFieldError(rules, 'widgets[0].nameKey', 'MISSING_NAME_KEY');
    expectFieldError(rules, 'widgets[0].dataKey', 'MISSING_DATA_KEY');
  });

  it('multi-series needs a name key and series with type, data key, and property when aggregating by it', async () => {
    const response = await manager.post('/dashboards', {
      name: 'x',
      widgets: [
        { name: 'MultiSeriesBarChart', title: 'M', size: full, sourceId, series: [] },
        {
          name: 'MultiSeriesBarChart',
          title: 'M',
          size: full,
          sourceId,
          nameKey: 'Letra',
          series: [
            { type: 'PROPERTY_AGGREGATOR', dataKey: 'Total' },
            { type: 'SIMPLE_AGGREGATOR', dataKey: null },
          ],
        },
      ],
    });
    expectFieldError(response, 'widgets[0].nameKey', 'MISSING_NAME_KEY');
    expectFieldError(response, 'widgets[0].series', 'MISSING_SERIES');
    expectFieldError(response, 'widgets[1].series[0].property', 'MISSING_PROPERTY');
    expectFieldError(response, 'widgets[1].series[1].dataKey', 'MISSING_DATA_KEY');
    const untyped = await manager.post('/dashboards', {
      name: 'x',
      widgets: [
        {
          name: 'MultiSeriesBarChart',
          title: 'M',
          size: full,
          sourceId,
          nameKey: 'Letra',
          series: [{ dataKey: 'Total' }],
        },
      ],
    });
    expectFieldError(untyped, 'widgets[0].series[0].type', 'MISSING_TYPE');
  });

  it('a title needs its text, a table its source and title, custom colours their colours', async () => {
    const response = await manager.post('/dashboards', {
      name: 'x',
      widgets: [
        { name: 'Title', title: '  ', size: full },
        { name: 'TableWidget', title: '', size: full },
        { ...pie(), useCustomizedColors: true, customizedColors: [] },
        { ...pie(), useCustomizedColors: true, customizedColors: ['vermelho'] },
        { name: 'HTML', size: full },
      ],
    });
    expectFieldError(response, 'widgets[0].title', 'MISSING_TITLE');
    expectFieldError(response, 'widgets[1].sourceId', 'MISSING_SOURCE');
    expectFieldError(response, 'widgets[1].title', 'MISSING_TITLE');
    expectFieldError(response, 'widgets[2].customizedColors', 'MISSING_COLORS');
    expectFieldError(response, 'widgets[3].customizedColors[0]', 'INVALID_COLOUR');
    expect(response.json().errors.some((error: { property: string }) => error.property.startsWith('widgets[4]'))).toBe(
      false,
    );
  });

  it('keys must be columns of the source, the source must exist, fixed values must fit their parameter', async () => {
    const response = await manager.post('/dashboards', {
      name: 'x',
      widgets: [
        pie({ nameKey: 'Nome' }),
        pie({ sourceId: 999_999 }),
        {
          name: 'TableWidget',
          title: 'T',
          size: full,
          sourceId: filteredSourceId,
          sourceConfig: { parameters: { ate: 2.5 } },
        },
      ],
    });
    expectFieldError(response, 'widgets[0].nameKey', 'INVALID_COLUMN');
    expectFieldError(response, 'widgets[1].sourceId', 'INVALID_SOURCE');
    expectFieldError(response, 'widgets[2].sourceConfig.parameters.ate', 'INVALID_PARAMETER');
  });

  it('keeps what a widget fixes in sourceConfig.parameters, the spec’s shape, from save to read', async () => {
    const fixed = { name: 'TableWidget', title: 'Fixa', size: full, sourceId: filteredSourceId };
    const created = await createDashboard({ widgets: [{ ...fixed, sourceConfig: { parameters: { ate: 4 } } }] });
    const read = (await manager.get(`/dashboards/${created.id}`)).json();
    expect(read.widgets[0].sourceConfig).toEqual({ parameters: { ate: 4 } });
    const [widget] = read.widgets;
    const changed = await manager.put(`/dashboards/${created.id}`, {
      name: created.name,
      status: 'ACTIVE',
      widgets: [{ ...fixed, id: widget.id, sourceConfig: { parameters: { ate: 2, par: true } } }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().widgets[0].sourceConfig).toEqual({ parameters: { ate: 2, par: true } });
    const rows = await manager.post(`/dashboards/${created.id}/widget/${widget.id}`, { parameters: {} });
    expect(rows.json().rows).toEqual([[2, 20]]);
  });

  it('still accepts the older sourceParameters, and answers it beside sourceConfig', async () => {
    const created = await createDashboard({
      widgets: [
        { name: 'TableWidget', title: 'Antiga', size: full, sourceId: filteredSourceId, sourceParameters: { ate: 3 } },
      ],
    });
    const [widget] = (await manager.get(`/dashboards/${created.id}`)).json().widgets;
    expect(widget.sourceConfig).toEqual({ parameters: { ate: 3 } });
    expect(widget.sourceParameters).toEqual({ ate: 3 });
    const refused = await manager.post('/dashboards', {
      name: 'x',
      widgets: [
        { name: 'TableWidget', title: 'T', size: full, sourceId: filteredSourceId, sourceParameters: { ate: 'x' } },
      ],
    });
    expectFieldError(refused, 'widgets[0].sourceConfig.parameters.ate', 'INVALID_PARAMETER');
  });

  it('saves the defaults of the spec, sanitises HTML and audits the dashboard', async () => {
    const created = await createDashboard({
      widgets: [
        pie(),
        { name: 'SimpleBarChart', title: 'Barras', size: full, sourceId, nameKey: 'Letra', dataKey: 'Total' },
        { name: 'TableWidget', title: 'Tabela', size: full, sourceId },
        { name: 'HTML', size: full, html: '<p onclick="x()">Olá<script>alert(1)</script></p>' },
      ],
    });
    const read = await manager.get(`/dashboards/${created.id}`);
    const [pieWidget, bar, table, html] = read.json().widgets;
    expect(pieWidget).toMatchObject({
      innerRadius: 10,
      outerRadius: 90,
      source: { queryColumns: ['Letra', 'Total', 'Grupo'] },
    });
    expect(bar).toMatchObject({ barSize: 90, direction: 'horizontal', height: null });
    expect(table).toMatchObject({ itemsPerPage: 10 });
    expect(html.html).toBe('<p>Olá</p>');
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'dashboard')).filter(
      (row) => row.record_id === String(created.id),
    );
    expect(audit.after).toMatchObject({ name: created.name });
  });

  it('keeps the ids of widgets it is sent back, removes the ones left out, in the order given', async () => {
    const created = await createDashboard({ widgets: [pie({ title: 'Um' }), pie({ title: 'Dois' })] });
    const [first, second] = created.widgets;
    const response = await manager.put(`/dashboards/${created.id}`, {
      name: created.name,
      status: 'ACTIVE',
      widgets: [pie({ id: second.id, title: 'Dois' }), { name: 'Title', title: 'Três', size: full }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const widgets = response.json().widgets;
    expect(widgets.map((widget: { title: string }) => widget.title)).toEqual(['Dois', 'Três']);
    expect(widgets[0].id).toBe(second.id);
    expect(widgets.map((widget: { id: number }) => widget.id)).not.toContain(first.id);
  });
});

describe('POST /api/dashboards/{id}/widget/{widgetId}', () => {
  it('answers the headers and rows with the SQL time in Server-Timing', async () => {
    const dashboard = await createDashboard({ widgets: [pie()] });
    const response = await manager.post(`/dashboards/${dashboard.id}/widget/${dashboard.widgets[0].id}`, {
      parameters: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      headers: ['Letra', 'Total', 'Grupo'],
      columnTypes: ['text', 'number', 'text'],
      rows: [
        ['A', 3, 'x'],
        ['B', 5, 'y'],
        ['C', 2, 'x'],
      ],
      truncated: false,
    });
    expect(response.headers['server-timing']).toMatch(/^sql;dur=\d+\.\d+$/);
  });

  it('asks for the values the widget leaves open, and keeps those it fixes', async () => {
    const dashboard = await createDashboard({
      widgets: [
        { name: 'TableWidget', title: 'Aberta', size: full, sourceId: filteredSourceId },
        {
          name: 'TableWidget',
          title: 'Fixa',
          size: full,
          sourceId: filteredSourceId,
          sourceConfig: { parameters: { ate: 3 } },
        },
      ],
    });
    const [open, fixed] = dashboard.widgets;
    const url = (widget: { id: number }) => `/dashboards/${dashboard.id}/widget/${widget.id}`;
    expectFieldError(await manager.post(url(open), { parameters: {} }), 'parameters.ate', 'MISSING_PARAMETER');
    expectFieldError(
      await manager.post(url(open), { parameters: { ate: 1.5 } }),
      'parameters.ate',
      'INVALID_PARAMETER',
    );
    const even = await manager.post(url(open), { parameters: { ate: 6, par: true } });
    expect(even.json().rows).toEqual([
      [2, 20],
      [4, 40],
      [6, 60],
    ]);
    const tried = await manager.post(url(fixed), { parameters: { ate: 100 } });
    expect(tried.json().rows).toHaveLength(3);
  });

  it('says REPORT_QUERY_ERROR when the query fails and QUERY_TIMEOUT when it runs away', async () => {
    const broken = await manager.post('/data-sources', {
      name: `Divide ${unique()}`,
      query: 'select 1 / (select count(*) from entities where false)::int as x',
    });
    const slow = await manager.post('/data-sources', {
      name: `Lenta ${unique()}`,
      query: 'select pg_sleep(20) as dormiu',
      timeoutMs: 200,
    });
    const dashboard = await createDashboard({
      widgets: [
        { name: 'TableWidget', title: 'Quebrada', size: full, sourceId: broken.json().id },
        { name: 'TableWidget', title: 'Lenta', size: full, sourceId: slow.json().id },
      ],
    });
    const [first, second] = dashboard.widgets;
    const failed = await manager.post(`/dashboards/${dashboard.id}/widget/${first.id}`, { parameters: {} });
    expectError(failed, 400, 'REPORT_QUERY_ERROR');
    expect(failed.json().message).toMatch(/division by zero/);
    expectError(
      await manager.post(`/dashboards/${dashboard.id}/widget/${second.id}`, { parameters: {} }),
      400,
      'QUERY_TIMEOUT',
    );
  });

  it('exports the rows as CSV and XLSX when the widget allows it, and refuses when it does not', async () => {
    const dashboard = await createDashboard({
      widgets: [
        { name: 'TableWidget', title: 'Letras', size: full, sourceId },
        { ...pie(), allowExportTable: false },
      ],
    });
    const [table, chart] = dashboard.widgets;
    const csv = await manager.post(`/dashboards/${dashboard.id}/widget/${table.id}/export`, {
      parameters: {},
      format: 'CSV',
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename=".*Letras.*\.csv"/);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)
        .slice(0, 2),
    ).toEqual(['Letra,Total,Grupo', 'A,3,x']);
    const xlsx = await manager.post(`/dashboards/${dashboard.id}/widget/${table.id}/export`, {
      parameters: {},
      format: 'XLSX',
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Letra', 'Total', 'Grupo']);
    expectError(
      await manager.post(`/dashboards/${dashboard.id}/widget/${chart.id}/export`, { parameters: {}, format: 'CSV' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('POST /api/dashboards/widgets/preview: the editor’s widget before it is saved', () => {
  const preview = (body: Record<string, unknown>, caller: TCaller = manager) =>
    caller.post('/dashboards/widgets/preview', { parameters: {}, ...body });

  it('draws a never-saved widget from its source with the rows its saved data would answer', async () => {
    const response = await preview({ widget: pie() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      widget: { name: 'PieChart', id: 0, source: { id: sourceId, queryColumns: ['Letra', 'Total', 'Grupo'] } },
      result: {
        headers: ['Letra', 'Total', 'Grupo'],
        rows: [
          ['A', 3, 'x'],
          ['B', 5, 'y'],
          ['C', 2, 'x'],
        ],
      },
    });
    expect(response.headers['server-timing']).toMatch(/^sql;dur=\d+\.\d+$/);
    const saved = await createDashboard({ widgets: [pie()] });
    const data = await manager.post(`/dashboards/${saved.id}/widget/${saved.widgets[0].id}`, { parameters: {} });
    expect(response.json().result).toEqual(data.json());
  });

  it('reads another source and other fixed values than the saved ones, keeping what the widget fixes', async () => {
    const dashboard = await createDashboard({ widgets: [pie()] });
    const changed = {
      id: dashboard.widgets[0].id,
      name: 'TableWidget',
      title: 'Fixa',
      size: full,
      sourceId: filteredSourceId,
      sourceConfig: { parameters: { ate: 2 } },
    };
    const response = await preview({ dashboardId: dashboard.id, widget: changed, parameters: { ate: 50 } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.rows).toEqual([
      [1, 10],
      [2, 20],
    ]);
    const open = await preview({ widget: { ...changed, sourceConfig: { parameters: {} } } });
    expectFieldError(open, 'parameters.ate', 'MISSING_PARAMETER');
  });

  it('checks the form as saving would: field errors on the widget, HTML cleaned by the same sanitiser', async () => {
    expectFieldError(await preview({ widget: pie({ title: '' }) }), 'widget.title', 'MISSING_TITLE');
    expectFieldError(await preview({ widget: pie({ nameKey: 'Nada' }) }), 'widget.nameKey', 'INVALID_COLUMN');
    const html = await preview({
      widget: { name: 'HTML', size: full, html: '<p onclick="x()">Olá<script>alert(1)</script></p>' },
    });
    expect(html.statusCode, html.body).toBe(200);
    expect(html.json()).toMatchObject({ widget: { html: '<p>Olá</p>', source: null }, result: null });
  });

  it('says REPORT_QUERY_ERROR when the query fails, 404 for a source that does not exist', async () => {
    const broken = await manager.post('/data-sources', {
      name: `Divide ${unique()}`,
      query: 'select 1 / (select count(*) from entities where false)::int as x',
    });
    const failed = await preview({
      widget: { name: 'TableWidget', title: 'T', size: full, sourceId: broken.json().id },
    });
    expectError(failed, 400, 'REPORT_QUERY_ERROR');
    expectError(await preview({ widget: pie({ sourceId: 2_000_000_000 }) }), 404, 'NOT_FOUND');
  });

  it('is for those who edit dashboards: readers are refused, visitors asked to sign in', async () => {
    const reader = callerOf(t, (await signInNewUser(t, { permissions: ['READ_DASHBOARD'] })).authorization);
    expectError(await preview({ widget: pie() }, reader), 403, 'FORBIDDEN');
    expect((await preview({ widget: pie() }, anonymous)).statusCode).toBe(401);
  });
});

describe('who sees a dashboard', () => {
  it('restricts readers by entity profile, role and entity (sub-entities included)', async () => {
    const profile = await createEntityProfile(t.db);
    const role = await createRole(t.db, ['READ_DASHBOARD']);
    const parent = await createEntity(t.db, { profileId: profile.id });
    const child = await createEntity(t.db, { parentId: parent.id, profileId: profile.id });
    const elsewhere = await createEntity(t.db, { profileId: profile.id });
    const dashboard = await createDashboard({
      restrictions: { profileIds: [profile.id], roleIds: [role.id], entityIds: [parent.id] },
      widgets: [pie()],
    });
    const reader = async (entityId: number, roleId: number) =>
      callerOf(t, (await signInNewUser(t, { entityId, roleId })).authorization);
    const allowed = await reader(child.id, role.id);
    expect((await allowed.get(`/dashboards/${dashboard.id}`)).statusCode).toBe(200);
    const list = await allowed.get('/dashboards/search', { universalSearch: dashboard.name });
    expect(list.json().content.map((item: { id: number }) => item.id)).toEqual([dashboard.id]);
    const widget = `/dashboards/${dashboard.id}/widget/${dashboard.widgets[0].id}`;
    expect((await allowed.post(widget, { parameters: {} })).statusCode).toBe(200);

    const otherRole = await reader(child.id, (await createRole(t.db, ['READ_DASHBOARD'])).id);
    const otherEntity = await reader(elsewhere.id, role.id);
    const otherProfile = await reader((await createEntity(t.db, { parentId: parent.id })).id, role.id);
    for (const denied of [otherRole, otherEntity, otherProfile]) {
      expectError(await denied.get(`/dashboards/${dashboard.id}`), 404, 'NOT_FOUND');
      expectError(await denied.post(widget, { parameters: {} }), 404, 'NOT_FOUND');
      const deniedList = await denied.get('/dashboards/search', { universalSearch: dashboard.name });
      expect(deniedList.json().totalItems).toBe(0);
    }
  });

  it('readers do not see dashboards under revision or inactive; managers do', async () => {
    const reader = callerOf(t, (await signInNewUser(t, { permissions: ['READ_DASHBOARD'] })).authorization);
    for (const status of ['REVISION', 'INACTIVE']) {
      const dashboard = await createDashboard({ status, widgets: [pie()] });
      expectError(await reader.get(`/dashboards/${dashboard.id}`), 404, 'NOT_FOUND');
      const read = await manager.get(`/dashboards/${dashboard.id}`);
      expect(read.json()).toMatchObject({ status, editable: true });
    }
  });

  it('visitors see public active dashboards and their widgets’ data, and nothing else', async () => {
    const shown = await createDashboard({ isPublic: true, widgets: [pie()] });
    const hidden = await createDashboard({ isPublic: false, widgets: [pie()] });
    const revision = await createDashboard({ isPublic: true, status: 'REVISION', widgets: [pie()] });
    const read = await anonymous.get(`/dashboards/${shown.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ editable: false, widgets: [{ name: 'PieChart' }] });
    expect(
      (await anonymous.post(`/dashboards/${shown.id}/widget/${shown.widgets[0].id}`, { parameters: {} })).statusCode,
    ).toBe(200);
    for (const dashboard of [hidden, revision]) {
      expectError(await anonymous.get(`/dashboards/${dashboard.id}`), 404, 'NOT_FOUND');
      expectError(
        await anonymous.post(`/dashboards/${dashboard.id}/widget/${dashboard.widgets[0].id}`, { parameters: {} }),
        404,
        'NOT_FOUND',
      );
    }
    // A public dashboard's id does not open another dashboard's widget.
    expectError(
      await anonymous.post(`/dashboards/${shown.id}/widget/${hidden.widgets[0].id}`, { parameters: {} }),
      404,
      'NOT_FOUND',
    );
    expectError(await anonymous.get('/dashboards/search'), 401, 'UNAUTHORIZED');
  });

  it('a source limited to the caller’s entities gives a visitor nothing', async () => {
    const scoped = await manager.post('/data-sources', {
      name: `Entidades ${unique()}`,
      scopedToEntities: true,
      query: 'select name as "Nome" from entities where id = any(:caller_entity_ids)',
    });
    expect(scoped.statusCode, scoped.body).toBe(200);
    const dashboard = await createDashboard({
      isPublic: true,
      widgets: [{ name: 'TableWidget', title: 'Entidades', size: full, sourceId: scoped.json().id }],
    });
    const url = `/dashboards/${dashboard.id}/widget/${dashboard.widgets[0].id}`;
    expect((await anonymous.post(url, { parameters: {} })).json().rows).toEqual([]);
    expect((await manager.post(url, { parameters: {} })).json().rows.length).toBeGreaterThan(0);
  });

  it('only managers write, and deleting is audited', async () => {
    const reader = callerOf(t, (await signInNewUser(t, { permissions: ['READ_DASHBOARD'] })).authorization);
    expectError(await reader.post('/dashboards', { name: 'x' }), 403, 'FORBIDDEN');
    const dashboard = await createDashboard({ widgets: [pie()] });
    expect((await manager.delete(`/dashboards/${dashboard.id}`)).statusCode).toBe(200);
    expectError(await manager.get(`/dashboards/${dashboard.id}`), 404, 'NOT_FOUND');
    expect(
      (await findAuditRows(t.db, 'DELETE', 'dashboard')).some((row) => row.record_id === String(dashboard.id)),
    ).toBe(true);
  });

  it('a system card names its dashboard only to those who may open it', async () => {
    const shown = await createDashboard({ isPublic: true, widgets: [pie()] });
    const internal = await createDashboard({ isPublic: false, widgets: [pie()] });
    const withPublic = await createMobilitySystem(t.db, { dashboardId: shown.id });
    const withInternal = await createMobilitySystem(t.db, { dashboardId: internal.id });
    expect((await anonymous.get(`/mobility-system/${withPublic.id}/details`)).json().dashboardId).toBe(shown.id);
    expect((await anonymous.get(`/mobility-system/${withInternal.id}/details`)).json().dashboardId).toBeNull();
    expect((await manager.get(`/mobility-system/${withInternal.id}/details`)).json().dashboardId).toBe(internal.id);
  });
});

describe('a manager limited to their entities (entitiesAccessList)', () => {
  let limited: TCaller;
  let inside: { id: number };
  let outside: { id: number };

  beforeAll(async () => {
    const department = await createEntity(t.db);
    inside = await createEntity(t.db, { parentId: department.id });
    outside = await createEntity(t.db);
    limited = await limitedCallerOf(t, department.id, ['MANAGE_DASHBOARDS', 'READ_DASHBOARD']);
  });

  const hijack = { name: 'hijacked', isPublic: true, status: 'ACTIVE', widgets: [] };

  it('neither sees, runs, exports, rewrites nor deletes a dashboard restricted to an entity outside their scope', async () => {
    for (const entityIds of [[outside.id], [inside.id, outside.id]]) {
      const dashboard = await createDashboard({
        restrictions: { profileIds: [], roleIds: [], entityIds },
        widgets: [pie({ allowExportTable: true })],
      });
      const widget = `/dashboards/${dashboard.id}/widget/${dashboard.widgets[0].id}`;
      expectError(await limited.get(`/dashboards/${dashboard.id}`), 404, 'NOT_FOUND');
      const list = await limited.get('/dashboards/search', { universalSearch: dashboard.name });
      expect(list.json().totalItems).toBe(0);
      expectError(await limited.post(widget, { parameters: {} }), 404, 'NOT_FOUND');
      expectError(await limited.post(`${widget}/export`, { parameters: {}, format: 'CSV' }), 404, 'NOT_FOUND');
      expectError(await limited.put(`/dashboards/${dashboard.id}`, hijack), 404, 'NOT_FOUND');
      expectError(await limited.delete(`/dashboards/${dashboard.id}`), 404, 'NOT_FOUND');
      const unchanged = await manager.get(`/dashboards/${dashboard.id}`);
      expect(unchanged.json()).toMatchObject({
        name: dashboard.name,
        isPublic: false,
        widgets: [{ name: 'PieChart' }],
      });
    }
  });

  it('previews no widget on a dashboard of another entity: 404, as editing it would be', async () => {
    const dashboard = await createDashboard({
      restrictions: { profileIds: [], roleIds: [], entityIds: [outside.id] },
      widgets: [pie()],
    });
    const body = { dashboardId: dashboard.id, widget: pie({ id: dashboard.widgets[0].id }), parameters: {} };
    expectError(await limited.post('/dashboards/widgets/preview', body), 404, 'NOT_FOUND');
    expect((await manager.post('/dashboards/widgets/preview', body)).statusCode).toBe(200);
  });

  it('sees and edits those with no entity restriction or restricted inside their scope', async () => {
    for (const entityIds of [[], [inside.id]]) {
      const dashboard = await createDashboard({
        status: 'REVISION',
        restrictions: { profileIds: [], roleIds: [], entityIds },
        widgets: [pie()],
      });
      expect((await limited.get(`/dashboards/${dashboard.id}`)).json()).toMatchObject({ editable: true });
      const list = await limited.get('/dashboards/search', { universalSearch: dashboard.name });
      expect(list.json().content).toEqual([expect.objectContaining({ id: dashboard.id, editable: true })]);
      const updated = await limited.put(`/dashboards/${dashboard.id}`, {
        ...hijack,
        restrictions: { profileIds: [], roleIds: [], entityIds },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect((await limited.delete(`/dashboards/${dashboard.id}`)).statusCode).toBe(200);
    }
  });

  it('reads a public dashboard restricted elsewhere as a visitor does, without editing it', async () => {
    const dashboard = await createDashboard({
      isPublic: true,
      restrictions: { profileIds: [], roleIds: [], entityIds: [outside.id] },
      widgets: [pie()],
    });
    expect((await limited.get(`/dashboards/${dashboard.id}`)).json()).toMatchObject({ editable: false });
    const list = await limited.get('/dashboards/search', { universalSearch: dashboard.name });
    expect(list.json().content).toEqual([expect.objectContaining({ id: dashboard.id, editable: false })]);
    expectError(await limited.put(`/dashboards/${dashboard.id}`, hijack), 404, 'NOT_FOUND');
    expectError(await limited.delete(`/dashboards/${dashboard.id}`), 404, 'NOT_FOUND');
  });

  it('may not restrict a dashboard to an entity outside their scope', async () => {
    const restrictions = { profileIds: [], roleIds: [], entityIds: [outside.id] };
    expectFieldError(
      await limited.post('/dashboards', { name: 'x', restrictions }),
      'restrictions.entityIds',
      'INVALID_ENTITY',
    );
    const dashboard = await createDashboard({ widgets: [] });
    expectFieldError(
      await limited.put(`/dashboards/${dashboard.id}`, { ...hijack, restrictions }),
      'restrictions.entityIds',
      'INVALID_ENTITY',
    );
  });
});
