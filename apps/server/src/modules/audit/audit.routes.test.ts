import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions.ts';
import { createEntity, createUser, signInNewUser } from '../../../test/factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { parseCsvRows } from '../../lib/csv.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');

let api: TCaller;
let limitedApi: TCaller;
let entityA: { id: number };
let ana: { id: number; name: string };
let outsider: { id: number; name: string };

interface TAuditValues {
  at: string;
  userId: number | null;
  impersonatorUserId?: number | null;
  action: string;
  recordType: string;
  recordId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string;
}

async function insertAudit(values: TAuditValues) {
  await t.db.$client.query(
    `insert into audit_log (at, user_id, impersonator_user_id, action, record_type, record_id, before, after, ip)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      values.at,
      values.userId,
      values.impersonatorUserId ?? null,
      values.action,
      values.recordType,
      values.recordId ?? null,
      values.before === undefined ? null : JSON.stringify(values.before),
      values.after === undefined ? null : JSON.stringify(values.after),
      values.ip ?? '198.51.100.7',
    ],
  );
}

const recordIds = (response: { json: () => { content: { recordId: string | null }[] } }) =>
  response.json().content.map((entry) => entry.recordId);

beforeAll(async () => {
  entityA = await createEntity(t.db);
  ana = await createUser(t.db, { entityId: entityA.id, name: 'Ana Conceição' });
  const entityB = await createEntity(t.db);
  outsider = await createUser(t.db, { entityId: entityB.id, name: 'Óscar Externo' });
  const auditor = await signInNewUser(t, { permissions: ['READ_AUDIT_LOG'] });
  api = callerOf(t, auditor.authorization);
  const limited = await signInNewUser(t, {
    entityId: entityA.id,
    permissions: ['READ_AUDIT_LOG'],
    entitiesAccessList: [entityA.id],
  });
  limitedApi = callerOf(t, limited.authorization);
  await insertAudit({
    at: '2026-03-01T09:00:00Z',
    userId: ana.id,
    action: 'CREATE',
    recordType: 'entity',
    recordId: 'ent-1',
    after: { name: 'Nova' },
  });
  await insertAudit({
    at: '2026-03-02T09:00:00Z',
    userId: ana.id,
    impersonatorUserId: outsider.id,
    action: 'UPDATE',
    recordType: 'user',
    recordId: 'usr-2',
    before: { name: 'Velho' },
    after: { name: 'Novo' },
  });
  await insertAudit({
    at: '2026-03-03T09:00:00Z',
    userId: outsider.id,
    action: 'DELETE',
    recordType: 'role',
    recordId: 'rol-3',
    before: { name: '=HYPERLINK("http://evil.example")' },
  });
});

/** Only the rows inserted above, whatever the sign-ins of the test wrote. */
const MARCH = { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' };

describe('GET /api/audit/search', () => {
  it('answers the paged list newest first, with who did it, on whose behalf, and the change', async () => {
    const response = await api.get('/audit/search', MARCH);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ totalItems: 3, currentPage: 0, itemsPerPage: 50, sortBy: 'at', sortOrder: 'DESC' });
    expect(recordIds(response)).toEqual(['rol-3', 'usr-2', 'ent-1']);
    expect(page.content[1]).toEqual({
      id: expect.any(Number),
      at: '2026-03-02T09:00:00.000Z',
      user: { id: ana.id, name: 'Ana Conceição' },
      impersonator: { id: outsider.id, name: 'Óscar Externo' },
      action: 'UPDATE',
      recordType: 'user',
      recordId: 'usr-2',
      before: { name: 'Velho' },
      after: { name: 'Novo' },
      ip: '198.51.100.7',
    });
    const oldestFirst = await api.get('/audit/search', { ...MARCH, sortDirection: 'ASC' });
    expect(recordIds(oldestFirst)).toEqual(['ent-1', 'usr-2', 'rol-3']);
  });

  it('filters by user (as actor or impersonator), record type, record id, action and time range', async () => {
    expect(recordIds(await api.get('/audit/search', { ...MARCH, userId: String(outsider.id) }))).toEqual([
      'rol-3',
      'usr-2',
    ]);
    expect(recordIds(await api.get('/audit/search', { ...MARCH, recordType: 'entity' }))).toEqual(['ent-1']);
    expect(recordIds(await api.get('/audit/search', { ...MARCH, recordId: 'usr-2' }))).toEqual(['usr-2']);
    expect(recordIds(await api.get('/audit/search', { ...MARCH, action: 'DELETE' }))).toEqual(['rol-3']);
    const range = { from: '2026-03-02T09:00:00Z', to: '2026-03-03T09:00:00Z' };
    // `to` is exclusive.
    expect(recordIds(await api.get('/audit/search', range))).toEqual(['usr-2']);
  });

  it('searches user names without accents or case, and record ids', async () => {
    expect(recordIds(await api.get('/audit/search', { ...MARCH, universalSearch: 'ana conceicao' }))).toEqual([
      'usr-2',
      'ent-1',
    ]);
    expect(recordIds(await api.get('/audit/search', { ...MARCH, universalSearch: 'oscar' }))).toEqual([
      'rol-3',
      'usr-2',
    ]);
    expect(recordIds(await api.get('/audit/search', { ...MARCH, universalSearch: 'rol-3' }))).toEqual(['rol-3']);
  });

  it('shows a limited auditor only what the users of their entities did', async () => {
    const response = await limitedApi.get('/audit/search', MARCH);
    expect(recordIds(response)).toEqual(['usr-2', 'ent-1']);
  });

  it('still names the author of an entry after their account is deleted, by id', async () => {
    const gone = await createUser(t.db, { name: 'Conta Apagada' });
    await insertAudit({ at: '2026-05-01T09:00:00Z', userId: gone.id, action: 'SIGN_IN', recordType: 'session' });
    await t.db.$client.query('delete from users where id = $1', [gone.id]);
    const response = await api.get('/audit/search', { userId: String(gone.id) });
    expect(response.json().content[0].user).toEqual({ id: gone.id, name: `#${gone.id}` });
  });

  it('records real writes made through the API', async () => {
    const manager = await signInNewUser(t, { permissions: ['WRITE_ROLE', 'READ_ROLE'] });
    const name = `Auditada ${unique()}`;
    const created = await callerOf(t, manager.authorization).post('/roles', { name, permissions: ['READ_ROLE'] });
    const response = await api.get('/audit/search', { recordType: 'role', recordId: String(created.json().id) });
    expect(response.json().content).toEqual([
      expect.objectContaining({
        action: 'CREATE',
        user: { id: manager.user.id, name: manager.user.name },
        impersonator: null,
        after: { name, description: '', permissions: ['READ_ROLE'] },
        ip: expect.any(String),
      }),
    ]);
  });

  it('needs READ_AUDIT_LOG', async () => {
    const other = await signInNewUser(t, { permissions: ['READ_USER', 'WRITE_CONFIGURATION'] });
    expectError(await callerOf(t, other.authorization).get('/audit/search'), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ url: '/api/audit/search' }), 401, 'UNAUTHORIZED');
  });

  it('refuses a date that is not an ISO instant', async () => {
    const response = await api.get('/audit/search', { from: '01-03-2026' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ property: 'from' })]);
  });
});

describe('GET /api/audit/facets', () => {
  it('lists the distinct record types and actions in order', async () => {
    const response = await api.get('/audit/facets');
    expect(response.statusCode).toBe(200);
    const { recordTypes, actions } = response.json();
    expect(recordTypes).toEqual(expect.arrayContaining(['entity', 'role', 'user']));
    expect(actions).toEqual(expect.arrayContaining(['CREATE', 'DELETE', 'UPDATE']));
    expect(recordTypes).toEqual([...new Set(recordTypes)].sort());
    expect(actions).toEqual([...new Set(actions)].sort());
  });
});

describe('GET /api/audit/export.csv', () => {
  it('answers the filtered log as UTF-8 CSV with a BOM and a header row, formulas disarmed', async () => {
    const response = await api.get('/audit/export.csv', MARCH);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-[\d-]+\.csv"$/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsvRows(response.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'at',
      'userId',
      'userName',
      'impersonatorId',
      'impersonatorName',
      'action',
      'recordType',
      'recordId',
      'ip',
      'before',
      'after',
    ]);
    expect(rows.map((row) => row[7])).toEqual(['rol-3', 'usr-2', 'ent-1']);
    expect(rows[1]).toEqual([
      '2026-03-02T09:00:00.000Z',
      String(ana.id),
      'Ana Conceição',
      String(outsider.id),
      'Óscar Externo',
      'UPDATE',
      'user',
      'usr-2',
      '198.51.100.7',
      '{"name":"Velho"}',
      '{"name":"Novo"}',
    ]);
  });

  it('disarms text a spreadsheet would run as a formula', async () => {
    const prankster = await createUser(t.db, { name: '=HYPERLINK("http://evil.example","Ana")' });
    await insertAudit({ at: '2026-04-02T09:00:00Z', userId: prankster.id, action: 'SIGN_IN', recordType: 'session' });
    const response = await api.get('/audit/export.csv', { from: '2026-04-01T00:00:00Z', to: '2026-05-01T00:00:00Z' });
    const [, row] = parseCsvRows(response.body.replace(/^\uFEFF/, ''));
    expect(row[2]).toBe(`'=HYPERLINK("http://evil.example","Ana")`);
  });

  it('keeps to the scope of a limited auditor', async () => {
    const response = await limitedApi.get('/audit/export.csv', MARCH);
    const rows = parseCsvRows(response.body.replace(/^\uFEFF/, '')).slice(1);
    expect(rows.map((row) => row[7])).toEqual(['usr-2', 'ent-1']);
  });

  it('exports at most 100,000 rows, read in batches without losing or repeating one', async () => {
    await t.db.$client.query(
      `insert into audit_log (at, user_id, action, record_type, record_id)
       select timestamp '2025-01-01' + make_interval(secs => n / 3.0), null, 'BULK', 'bulk', n::text
         from generate_series(1, 100005) as n`,
    );
    const response = await api.get('/audit/export.csv', { recordType: 'bulk' });
    expect(response.statusCode).toBe(200);
    const rows = parseCsvRows(response.body.replace(/^\uFEFF/, '')).slice(1);
    expect(rows).toHaveLength(100_000);
    const ids = rows.map((row) => Number(row[7]));
    expect(new Set(ids).size).toBe(100_000);
    // Newest first: the 5 oldest are the ones left out.
    expect(ids[0]).toBe(100_005);
    expect(ids[99_999]).toBe(6);
  }, 60_000);
});
