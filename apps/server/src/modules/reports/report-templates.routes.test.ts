import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { callerOf, limitedCallerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');

let api: TCaller;
let managerId: number;

beforeAll(async () => {
  const manager = await signInNewUser(t, { permissions: ['MANAGE_REPORTS'] });
  api = callerOf(t, manager.authorization);
  managerId = manager.user.id;
});

const templateInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Entidades ${unique()}`,
  category: 'OTHERS',
  async: false,
  enabled: true,
  reference: 'MOB-01',
  agreement: null,
  query: 'select e.name as "Nome" from entities e where e.id = any(:caller_entity_ids) order by 1',
  parameters: [],
  ...overrides,
});

async function createTemplate(overrides: Record<string, unknown> = {}) {
  const response = await api.post('/report-templates', templateInput(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; name: string };
}

describe('POST /api/report-templates', () => {
  it('names each missing field with the spec codes', async () => {
    const empty = await api.post('/report-templates', { parameters: [{ type: 'OPTIONAL' }, {}] });
    for (const [property, error] of [
      ['name', 'MISSING_NAME'],
      ['query', 'MISSING_QUERY'],
      ['async', 'MISSING_ASYNC'],
      ['category', 'MISSING_CATEGORY'],
      ['enabled', 'MISSING_ENABLED'],
      ['parameters[0].label', 'MISSING_LABEL'],
      ['parameters[0].variableName', 'MISSING_VARIABLE_NAME'],
      ['parameters[1].type', 'MISSING_TYPE'],
    ]) {
      expectFieldError(empty, property, error);
    }
    expectFieldError(
      await api.post('/report-templates', templateInput({ category: 'BIRDS' })),
      'category',
      'INVALID_CATEGORY',
    );
    // A switch binds nothing: without its condition it would do nothing at all.
    expectFieldError(
      await api.post(
        '/report-templates',
        templateInput({ parameters: [{ variableName: 'so_ativas', type: 'OPTIONAL', label: 'Só ativas' }] }),
      ),
      'parameters[0].partialQuery',
      'MISSING_CONDITION',
    );
  });

  it('refuses two parameters with one variable name, and a built-in name', async () => {
    const parameter = { variableName: 'desde', type: 'DATE', label: 'Desde' };
    expectFieldError(
      await api.post('/report-templates', templateInput({ parameters: [parameter, parameter] })),
      'parameters[1].variableName',
      'DUPLICATE_VARIABLE_NAME',
    );
    expectFieldError(
      await api.post(
        '/report-templates',
        templateInput({ parameters: [{ ...parameter, variableName: 'caller_user_id' }] }),
      ),
      'parameters[0].variableName',
      'INVALID_VARIABLE_NAME',
    );
  });

  it('checks the SQL as it is saved: an unknown table, a table the reports may not read, an unknown variable', async () => {
    const missing = await api.post('/report-templates', templateInput({ query: 'select * from no_such_table' }));
    expectFieldError(missing, 'query', 'PREVIEW_QUERY_ERROR');
    const secret = await api.post('/report-templates', templateInput({ query: 'select token_hash from sessions' }));
    expectFieldError(secret, 'query', 'PREVIEW_QUERY_ERROR');
    const unknown = await api.post('/report-templates', templateInput({ query: 'select :nope as x' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].property).toBe('query');
  });

  it('saves a template with its parameters, answers it with its SQL, and audits it', async () => {
    const entity = await createEntity(t.db);
    const response = await api.post(
      '/report-templates',
      templateInput({
        name: 'Ocorrências por categoria',
        category: 'VETERINARY',
        async: true,
        agreement: 'Protocolo 12/2024',
        entityIds: [entity.id],
        query: 'select c.name as "Categoria" from event_categories c where true {{so_ativas}} and c.id > :minimo',
        parameters: [
          { variableName: 'minimo', type: 'NUMERIC', label: 'Mínimo', mandatory: true },
          { variableName: 'so_ativas', type: 'OPTIONAL', label: 'Só ativas', partialQuery: 'and c.active' },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const template = response.json();
    expect(template).toMatchObject({
      name: 'Ocorrências por categoria',
      category: 'VETERINARY',
      async: true,
      reference: 'MOB-01',
      agreement: 'Protocolo 12/2024',
      enabled: true,
      entityIds: [entity.id],
      scheduleCount: 0,
      parameters: [
        { variableName: 'minimo', type: 'NUMERIC', label: 'Mínimo', mandatory: true, multiple: false },
        { variableName: 'so_ativas', type: 'OPTIONAL', partialQuery: 'and c.active' },
      ],
    });
    expect(template.query).toContain('{{so_ativas}}');
    const [audit] = (await findAuditRows(t.db, 'CREATE', 'report_template')).filter(
      (row) => row.record_id === String(template.id),
    );
    expect(audit).toMatchObject({ user_id: managerId, after: { name: 'Ocorrências por categoria' } });

    const updated = await api.put(`/report-templates/${template.id}`, templateInput({ name: 'Categorias' }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Categorias', async: false, entityIds: [] });
    const [change] = (await findAuditRows(t.db, 'UPDATE', 'report_template')).filter(
      (row) => row.record_id === String(template.id),
    );
    expect(change.after).toMatchObject({ name: 'Categorias' });
  });

  it('refuses entities outside the manager’s scope', async () => {
    const home = await createEntity(t.db);
    const limited = await signInNewUser(t, {
      permissions: ['MANAGE_REPORTS'],
      entityId: home.id,
      entitiesAccessList: [home.id],
    });
    const elsewhere = await createEntity(t.db);
    expectFieldError(
      await callerOf(t, limited.authorization).post('/report-templates', templateInput({ entityIds: [elsewhere.id] })),
      'entityIds',
      'INVALID_ENTITY',
    );
  });
});

describe('who sees which template', () => {
  let parent: { id: number };
  let child: { id: number };
  let sibling: { id: number };
  let names: Record<'open' | 'parent' | 'sibling' | 'disabled', string>;

  beforeAll(async () => {
    parent = await createEntity(t.db);
    child = await createEntity(t.db, { parentId: parent.id });
    sibling = await createEntity(t.db);
    const tag = unique();
    names = {
      open: `Aberto ${tag}`,
      parent: `Da entidade-mãe ${tag}`,
      sibling: `De outra entidade ${tag}`,
      disabled: `Desativado ${tag}`,
    };
    await createTemplate({ name: names.open });
    await createTemplate({ name: names.parent, entityIds: [parent.id] });
    await createTemplate({ name: names.sibling, entityIds: [sibling.id] });
    await createTemplate({ name: names.disabled, enabled: false });
  });

  const visibleNames = async (caller: TCaller, tag: string) => {
    const response = await caller.get('/report-templates/search', { universalSearch: tag });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().content as { name: string; query?: string; entityIds?: number[] }[];
  };

  it('shows a generator the enabled templates open to all or to their entity and those above it, without SQL', async () => {
    const generator = await signInNewUser(t, {
      permissions: ['GENERATE_REPORTS'],
      entityId: child.id,
      entitiesAccessList: [child.id],
    });
    const seen = await visibleNames(callerOf(t, generator.authorization), names.open.split(' ')[1]);
    expect(seen.map((template) => template.name).sort()).toEqual([names.parent, names.open].sort());
    for (const template of seen) {
      expect(template).not.toHaveProperty('query');
      expect(template).not.toHaveProperty('entityIds');
    }
  });

  it('shows a generator the templates of entities within their scope', async () => {
    const generator = await signInNewUser(t, {
      permissions: ['GENERATE_REPORTS'],
      entityId: parent.id,
      entitiesAccessList: [parent.id, sibling.id],
    });
    const seen = await visibleNames(callerOf(t, generator.authorization), names.open.split(' ')[1]);
    expect(seen.map((template) => template.name).sort()).toEqual([names.parent, names.sibling, names.open].sort());
  });

  it('answers 404 to a generator for a template out of reach or disabled, and the whole template to a manager', async () => {
    const generator = await signInNewUser(t, {
      permissions: ['GENERATE_REPORTS'],
      entityId: child.id,
      entitiesAccessList: [child.id],
    });
    const caller = callerOf(t, generator.authorization);
    const all = (await api.get('/report-templates/search', { universalSearch: names.open.split(' ')[1] })).json()
      .content as { id: number; name: string; query: string }[];
    const byName = (name: string) => all.find((template) => template.name === name) as { id: number };
    expect(all).toHaveLength(4);
    expect(all.every((template) => typeof template.query === 'string')).toBe(true);
    expectError(await caller.get(`/report-templates/${byName(names.sibling).id}`), 404, 'NOT_FOUND');
    expectError(await caller.get(`/report-templates/${byName(names.disabled).id}`), 404, 'NOT_FOUND');
    const open = await caller.get(`/report-templates/${byName(names.open).id}`);
    expect(open.statusCode).toBe(200);
    expect(open.json()).not.toHaveProperty('query');
    expect((await api.get(`/report-templates/${byName(names.sibling).id}`)).json()).toHaveProperty('query');
  });

  it('shows a manager limited to some entities the templates in reach, and lets them change only those of their scope', async () => {
    const manager = await limitedCallerOf(t, child.id, ['MANAGE_REPORTS']);
    const tag = names.open.split(' ')[1];
    const seen = await visibleNames(manager, tag);
    expect(seen.map((template) => template.name).sort()).toEqual([names.parent, names.open, names.disabled].sort());
    const all = (await api.get('/report-templates/search', { universalSearch: tag })).json().content as {
      id: number;
      name: string;
    }[];
    const idOf = (name: string) => (all.find((template) => template.name === name) as { id: number }).id;
    expectError(await manager.get(`/report-templates/${idOf(names.sibling)}`), 404, 'NOT_FOUND');
    // Limited to the entity above theirs: they may use it, not rewrite it for everyone there.
    for (const name of [names.parent, names.sibling]) {
      expectError(await manager.put(`/report-templates/${idOf(name)}`, templateInput()), 404, 'NOT_FOUND');
      expectError(await manager.delete(`/report-templates/${idOf(name)}`), 404, 'NOT_FOUND');
    }
    const mine = await manager.post('/report-templates', templateInput({ entityIds: [child.id] }));
    expect(mine.statusCode, mine.body).toBe(200);
    const renamed = await manager.put(`/report-templates/${mine.json().id}`, templateInput({ entityIds: [child.id] }));
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('filters by category and enabled for a manager', async () => {
    const tag = names.open.split(' ')[1];
    const disabled = await api.get('/report-templates/search', { universalSearch: tag, enabled: 'false' });
    expect(disabled.json().content.map((template: { name: string }) => template.name)).toEqual([names.disabled]);
    const animal = await api.get('/report-templates/search', { universalSearch: tag, category: 'ANIMAL' });
    expect(animal.json().totalItems).toBe(0);
  });
});

describe('permissions', () => {
  it('refuses a user without the report permissions (403), and writes to a generator', async () => {
    const nobody = callerOf(t, (await signInNewUser(t)).authorization);
    expectError(await nobody.get('/report-templates/search'), 403, 'FORBIDDEN');
    const generator = callerOf(t, (await signInNewUser(t, { permissions: ['GENERATE_REPORTS'] })).authorization);
    expectError(await generator.post('/report-templates', templateInput()), 403, 'FORBIDDEN');
    const template = await createTemplate();
    expectError(await generator.put(`/report-templates/${template.id}`, templateInput()), 403, 'FORBIDDEN');
    expectError(await generator.delete(`/report-templates/${template.id}`), 403, 'FORBIDDEN');
  });

  it('requires authentication', async () => {
    expectError(await callerOf(t, '').get('/report-templates/search'), 401, 'UNAUTHORIZED');
  });
});

describe('DELETE /api/report-templates/{id}', () => {
  it('refuses while a schedule uses the template, then deletes it and audits it', async () => {
    const template = await createTemplate({ name: `Com agendamento ${unique()}` });
    const schedule = await api.post('/report-schedules', {
      templateId: template.id,
      format: 'CSV',
      recurrence: 'DAILY',
      recurringTime: '08:00',
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const refused = await api.delete(`/report-templates/${template.id}`);
    expectError(refused, 409, 'DELETE_FAILED');
    expect(refused.json().blocked).toEqual({ reason: 'TEMPLATE_HAS_SCHEDULES', name: template.name, count: 1 });

    expect((await api.delete(`/report-schedules/${schedule.json().id}`)).statusCode).toBe(200);
    expect((await api.delete(`/report-templates/${template.id}`)).statusCode).toBe(200);
    expectError(await api.get(`/report-templates/${template.id}`), 404, 'NOT_FOUND');
    const [audit] = (await findAuditRows(t.db, 'DELETE', 'report_template')).filter(
      (row) => row.record_id === String(template.id),
    );
    expect(audit.before).toMatchObject({ name: template.name });
  });
});
