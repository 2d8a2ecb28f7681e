import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');

let api: TCaller;
let anonymous: TCaller;

beforeAll(async () => {
  const manager = await signInNewUser(t, { permissions: ['MANAGE_DATASOURCES', 'MANAGE_DASHBOARDS'] });
  api = callerOf(t, manager.authorization);
  anonymous = callerOf(t, '');
});

const source = (overrides: Record<string, unknown> = {}) => ({
  name: `Fonte ${unique()}`,
  query: 'select name as "Nome", id as "N.º" from entities order by id',
  ...overrides,
});

async function createSource(overrides: Record<string, unknown> = {}) {
  const response = await api.post('/data-sources', source(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; name: string; queryColumns: string[] };
}

async function preview(query: string, values: Record<string, unknown> = {}, parameters: unknown[] = []) {
  return api.post('/data-sources/preview', { query, parameters, values });
}

describe('data sources: who may call', () => {
  it('needs MANAGE_DATASOURCES', async () => {
    expectError(await anonymous.get('/data-sources/search'), 401, 'UNAUTHORIZED');
    const other = await signInNewUser(t, { permissions: ['READ_DASHBOARD'] });
    expectError(await callerOf(t, other.authorization).post('/data-sources', source()), 403, 'FORBIDDEN');
  });
});

describe('POST /api/data-sources', () => {
  it('reads the columns of the query, saves it and audits it', async () => {
    const created = await createSource({
      parameters: [{ variableName: 'nome', type: 'TEXT', label: 'Nome', partialQuery: 'and name ilike :nome' }],
      query: 'select name as "Nome", id as "N.º" from entities where true {{nome}} order by id',
    });
    expect(created.queryColumns).toEqual(['Nome', 'N.º']);
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'data_source')).filter(
      (row) => row.record_id === String(created.id),
    );
    expect(audit.after).toMatchObject({ name: created.name });
  });

  it('says what is missing in the spec codes', async () => {
    const response = await api.post('/data-sources', {
      name: '',
      query: ' ',
      parameters: [{ variableName: '', label: '' }],
    });
    expectFieldError(response, 'name', 'MISSING_NAME');
    expectFieldError(response, 'query', 'MISSING_QUERY');
    expectFieldError(response, 'parameters[0].variableName', 'MISSING_VARIABLE_NAME');
    expectFieldError(response, 'parameters[0].type', 'MISSING_TYPE');
    expectFieldError(response, 'parameters[0].label', 'MISSING_LABEL');
  });

  it('puts an SQL error on the query field with the database message, and saves nothing', async () => {
    const name = `Quebrada ${unique()}`;
    const response = await api.post('/data-sources', source({ name, query: 'select nao_existe from entities' }));
    expectFieldError(response, 'query', 'PREVIEW_QUERY_ERROR');
    expect(response.json().errors[0].detail).toMatch(/nao_existe/);
    const list = await api.get('/data-sources/search', { universalSearch: name });
    expect(list.json().totalItems).toBe(0);
  });

  it('refuses a variable that is no parameter, and a scoped source that does not bind the caller entities', async () => {
    expectFieldError(
      await api.post('/data-sources', source({ query: 'select :x' })),
      'query',
      'UNKNOWN_QUERY_VARIABLE',
    );
    expectFieldError(
      await api.post('/data-sources', source({ scopedToEntities: true })),
      'query',
      'MISSING_ENTITY_SCOPE',
    );
    const scoped = await createSource({
      scopedToEntities: true,
      query: 'select name from entities where id = any(:caller_entity_ids)',
    });
    expect(scoped.queryColumns).toEqual(['name']);
  });
});

/** The query is refused for want of a privilege. */
async function expectDenied(query: string) {
  const response = await preview(query);
  expectError(response, 400, 'PREVIEW_QUERY_ERROR');
  expect(response.json().message, query).toMatch(/permission denied/);
}

describe('what a data source can reach', () => {
  it('cannot read sessions, password hashes or configuration', async () => {
    for (const query of [
      'select token_hash from sessions',
      'select password_hash from users',
      'select * from users',
      'select * from configuration',
    ]) {
      await expectDenied(query);
    }
    const allowed = await preview('select id, email from users limit 1');
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('reads sensor history, rules and help, but not broker passwords or browser error reports', async () => {
    for (const query of [
      'select reader_id, value from iot_readings limit 1',
      'select name, parameter_name from rule_templates limit 1',
      'select event_id from rule_template_events limit 1',
      'select title from help_articles limit 1',
      'select name, topic from iot_queues limit 1',
    ]) {
      const response = await preview(query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    }
    for (const query of ['select password_encrypted from iot_queues', 'select * from fe_debug_reports']) {
      const response = await preview(query);
      expectError(response, 400, 'PREVIEW_QUERY_ERROR');
      expect(response.json().message).toMatch(/permission denied/);
    }
  });

  it('reads the audit log only through its public view: who did what to which record and when', async () => {
    for (const query of [
      "select record_id, after from audit_log where record_type = 'configuration'",
      'select ip from audit_log',
    ]) {
      await expectDenied(query);
    }
    await createSource();
    const response = await preview('select * from audit_log_public order by id desc limit 1');
    expect(response.statusCode, response.body).toBe(200);
    // No before/after (configuration secrets, data sources' SQL), no IP address or browser.
    expect(response.json().headers).toEqual([
      'id',
      'at',
      'user_id',
      'impersonator_user_id',
      'action',
      'record_type',
      'record_id',
    ]);
    expect(response.json().rows[0]).toEqual(expect.arrayContaining(['CREATE', 'data_source']));
  });

  it("cannot signal the platform's channels, take its locks, burn transaction ids or stop other queries", async () => {
    for (const query of [
      "select pg_notify('mip_map_changed', '') as sent",
      'select pg_advisory_lock(4242) as locked',
      'select pg_try_advisory_xact_lock(4242) as locked',
      "select pg_logical_emit_message(false, 'mip', 'x') as lsn",
      'select txid_current() as xid',
      // Other visitors' widget queries run as the same role.
      'select pg_cancel_backend(0) as cancelled',
      'select pg_terminate_backend(0) as terminated',
    ]) {
      await expectDenied(query);
    }
  });

  it('cannot write, even through a data-modifying WITH', async () => {
    const response = await preview('with gone as (delete from entities returning id) select count(*) from gone');
    expectError(response, 400, 'PREVIEW_QUERY_ERROR');
    // Refused as a write (PostgreSQL 16+) or, before it, as a function only the platform's user may call.
    const largeObject = await preview('select lo_create(0)');
    expectError(largeObject, 400, 'PREVIEW_QUERY_ERROR');
    expect(largeObject.json().message).toMatch(/read-only transaction|permission denied/);
    const readOnly = await preview("select current_setting('transaction_read_only') as read_only");
    expect(readOnly.json().rows).toEqual([['on']]);
    const { rows } = await t.db.$client.query<{ count: number }>('select count(*)::int as count from entities');
    expect(rows[0].count).toBeGreaterThan(0);
  });

  it('stays read-only when a query turns its session to read-write, and runs one statement only', async () => {
    await preview("select set_config('default_transaction_read_only', 'off', false) as turned");
    for (let i = 0; i < 6; i++) {
      const response = await preview("select current_setting('transaction_read_only') as read_only");
      expect(response.json().rows).toEqual([['on']]);
    }
    const appended = await preview(
      'select 1 as a) as x; set default_transaction_read_only = off; commit; select lo_create(0); select * from (select 1',
    );
    expectError(appended, 400, 'PREVIEW_QUERY_ERROR');
    expect(appended.json().message).toMatch(/multiple commands/);
  });

  it('cannot climb back to the application role', async () => {
    const response = await preview(
      "with r as (select set_config('role', current_setting('is_superuser'), true)) select * from r, sessions",
    );
    expectError(response, 400, 'PREVIEW_QUERY_ERROR');
    const direct = await preview("select set_config('role', 'postgres', false)");
    expectError(direct, 400, 'PREVIEW_QUERY_ERROR');
    const who = await preview('select session_user as who, current_user as acting');
    expect(who.json().rows).toEqual([['mip_query_reader', 'mip_query_reader']]);
  });

  it('binds values, so a quote in a value is only text', async () => {
    const name = "O'Neil'; drop table entities; --";
    const response = await preview('select :nome as nome', { nome: name }, [
      { variableName: 'nome', type: 'TEXT', label: 'Nome' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ headers: ['nome'], columnTypes: ['text'], rows: [[name]] });
  });

  it('checks the values: integers only, past dates only, mandatory ones given', async () => {
    const parameters = [
      { variableName: 'n', type: 'NUMERIC', label: 'N', mandatory: true },
      { variableName: 'd', type: 'DATE', label: 'D' },
    ];
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const response = await preview('select :n as n, :d as d', { n: 2.5, d: tomorrow }, parameters);
    expectFieldError(response, 'values.n', 'INVALID_PARAMETER');
    expectFieldError(response, 'values.d', 'INVALID_PARAMETER');
    expectFieldError(await preview('select :n as n', {}, parameters), 'values.n', 'MISSING_PARAMETER');
    const ok = await preview('select :n as n, :d as d', { n: '12', d: '2024-02-29' }, parameters);
    expect(ok.json()).toMatchObject({ columnTypes: ['number', 'date'], rows: [[12, '2024-02-29']] });
  });

  it('cancels a runaway query at its timeout', async () => {
    const startedAt = Date.now();
    const response = await api.post('/data-sources/preview', {
      query: 'select pg_sleep(30)',
      parameters: [],
      values: {},
      timeoutMs: 300,
    });
    expectError(response, 400, 'QUERY_TIMEOUT');
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('binds the caller: their id and the entities they may see', async () => {
    const parent = await createEntity(t.db);
    const child = await createEntity(t.db, { parentId: parent.id });
    await createEntity(t.db);
    const limited = await signInNewUser(t, {
      permissions: ['MANAGE_DATASOURCES'],
      entityId: parent.id,
      entitiesAccessList: [parent.id],
    });
    const response = await callerOf(t, limited.authorization).post('/data-sources/preview', {
      query: 'select :caller_user_id as me, :caller_entity_ids as mine',
      parameters: [],
      values: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().rows).toEqual([[limited.user.id, [parent.id, child.id].sort((a, b) => a - b)]]);
  });

  it('leaves nothing on its connection for the next query: settings', async () => {
    const left = await preview("select set_config('application_name', 'left-behind', false) as name");
    expect(left.json().rows).toEqual([['left-behind']]);
    // The reset runs after the answer, before the connection serves anyone else.
    for (let i = 0; i < 6; i++) {
      const after = await preview("select current_setting('application_name') as name");
      expect(after.json().rows).toEqual([['mip-query-reader']]);
    }
  });

  it('cuts the rows at the cap and says so', async () => {
    const response = await preview('select g from generate_series(1, 500) g');
    expect(response.json()).toMatchObject({ truncated: true });
    expect(response.json().rows).toHaveLength(50);
  });
});

describe('GET, PUT, DELETE /api/data-sources/{id}', () => {
  it('updates the query and its columns, and lists it for the widget editor', async () => {
    const created = await createSource();
    const response = await api.put(
      `/data-sources/${created.id}`,
      source({ name: created.name, query: 'select 1 as um' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ queryColumns: ['um'], widgetCount: 0 });
    const list = await api.get('/data-sources/list');
    expect(list.json()).toContainEqual({ id: created.id, name: created.name, queryColumns: ['um'], parameters: [] });
  });

  it('deletes an unused source, and 404s an unknown one', async () => {
    const created = await createSource();
    expect((await api.delete(`/data-sources/${created.id}`)).statusCode).toBe(200);
    expectError(await api.get(`/data-sources/${created.id}`), 404, 'NOT_FOUND');
  });

  it('keeps a source that a widget draws', async () => {
    const created = await createSource();
    const dashboard = await api.post('/dashboards', {
      name: `Painel ${unique()}`,
      widgets: [{ name: 'TableWidget', title: 'Entidades', size: { lg: 12, md: 12, sm: 12 }, sourceId: created.id }],
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const response = await api.delete(`/data-sources/${created.id}`);
    expectError(response, 409, 'DELETE_FAILED');
    expect(response.json().blocked).toEqual({ reason: 'DATA_SOURCE_IN_USE', name: created.name, count: 1 });
  });
});
