import { randomBytes } from 'node:crypto';
import type { TRuleTemplateInput } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { createEventCategory } from '../../../test/event-factories.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { createMobilityGroup, createMobilitySystem } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { iotReadings, mobilitySystemParameters } from '../../db/schema/index.ts';
import { createRuleEngine } from './rule-listener.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');
const MINUTE = 60_000;

let api: TCaller;
let category: { id: number };
let entity: { id: number };

beforeAll(async () => {
  entity = await createEntity(t.db, { name: `Câmara ${unique()}` });
  const admin = await signInNewUser(t, {
    permissions: ['MANAGE_RULE_TEMPLATES', 'MANAGE_EVENTS'],
    entityId: entity.id,
  });
  api = callerOf(t, admin.authorization);
  category = await createEventCategory(t.db, { name: `Cheias ${unique()}` });
});

/** A sensor system whose "Nível da água" parameter (or another) is fed by its own reader. */
async function sensorSystem(groupId?: number, options: { name?: string; parameterName?: string } = {}) {
  const readerId = `sensor-${unique()}`;
  const system = await createMobilitySystem(t.db, {
    name: options.name ?? `Sensor ${unique()}`,
    systemType: 'OTHER',
    groupId,
  });
  await t.db
    .insert(mobilitySystemParameters)
    .values({ systemId: system.id, name: options.parameterName ?? 'Nível da água', type: 'IOT', readerId });
  return { system, readerId };
}

const ruleInput = (values: Partial<TRuleTemplateInput> = {}): TRuleTemplateInput => ({
  name: `Cheia ${unique()}`,
  parameterName: 'nível da água',
  condition: { operator: 'GT', threshold: 3, holdType: 'DURATION', holdValue: 10 * 60 },
  clearCondition: { operator: 'LTE', threshold: 2.5, holdType: 'READINGS', holdValue: 2 },
  categoryId: category.id,
  priority: 'HIGH',
  isPublic: true,
  title: 'Nível da água alto em {{system}}',
  message: '{{parameter}} chegou a {{value}} m (limite {{threshold}} m) às {{observedAt}}, regra {{rule}}.',
  ...values,
});

async function createRule(values: Partial<TRuleTemplateInput> = {}) {
  const response = await api.post('/rule-templates', ruleInput(values));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; name: string };
}

/** Stores readings as ingest does, one a minute from `start`, and answers them for an engine to handle. */
async function store(readerId: string, start: number, values: number[]) {
  const readings = values.map((value, i) => ({ readerId, value, observedAt: new Date(start + i * MINUTE) }));
  await t.db.insert(iotReadings).values(readings);
  return readings;
}

async function until(isTrue: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await isTrue())) {
    if (Date.now() > deadline) throw new Error(`the condition never held within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Stores readings and hands them to the bus, as ingest does. */
async function ingest(readerId: string, start: number, values: number[]) {
  const readings = await store(readerId, start, values);
  await t.app.readingBus.publish(readings);
  return readings;
}

async function ruleEventsOf(ruleId: number) {
  const { rows } = await t.db.$client.query<{ event_id: number; status: string; cleared_at: Date | null }>(
    `select o.event_id, e.status, o.cleared_at from rule_template_events o join events e on e.id = o.event_id
      where o.rule_id = $1 order by o.event_id`,
    [ruleId],
  );
  return rows;
}

describe('access', () => {
  it('requires a session and MANAGE_RULE_TEMPLATES', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/rule-templates/search' }), 401, 'UNAUTHORIZED');
    const other = await signInNewUser(t, { permissions: ['MANAGE_EVENTS'] });
    expectError(await callerOf(t, other.authorization).get('/rule-templates/search'), 403, 'FORBIDDEN');
  });

  it('hides the rules of another entity (404)', async () => {
    const rule = await createRule();
    const elsewhere = await createEntity(t.db, { name: `Outra ${unique()}` });
    const stranger = await signInNewUser(t, {
      permissions: ['MANAGE_RULE_TEMPLATES'],
      entityId: elsewhere.id,
      entitiesAccessList: [elsewhere.id],
    });
    expectError(await callerOf(t, stranger.authorization).get(`/rule-templates/${rule.id}`), 404, 'NOT_FOUND');
  });
});

describe('POST /api/rule-templates', () => {
  it('checks the fields and names each problem', async () => {
    expectFieldError(await api.post('/rule-templates', ruleInput({ name: ' ' })), 'name', 'MISSING_NAME');
    expectFieldError(
      await api.post(
        '/rule-templates',
        ruleInput({ condition: { operator: 'GT', threshold: 3, holdType: 'READINGS', holdValue: 0 } }),
      ),
      'condition.holdValue',
      'INVALID_HOLD',
    );
    expectFieldError(
      await api.post('/rule-templates', ruleInput({ categoryId: 987_654 })),
      'categoryId',
      'INVALID_CATEGORY',
    );
    const road = await createEventCategory(t.db, { categoryType: 'TRAFFIC_HAZARD' });
    expectFieldError(
      await api.post('/rule-templates', ruleInput({ categoryId: road.id })),
      'subType',
      'MISSING_SUB_TYPE',
    );
  });

  it('saves the rule under the author’s entity, audited', async () => {
    const rule = await createRule({ name: `Alagamento ${unique()}` });
    const read = (await api.get(`/rule-templates/${rule.id}`)).json();
    expect(read).toMatchObject({ name: rule.name, entity: { id: entity.id }, systemsCount: 0, priority: 'HIGH' });
    const audit = await findAuditRows(t.db, 'CREATE', 'rule_template');
    expect(audit.some((row) => row.record_id === String(rule.id))).toBe(true);
    const found = (await api.get('/rule-templates/search', { universalSearch: 'alagamento' })).json();
    expect(found.content.map((item: { id: number }) => item.id)).toContain(rule.id);
  });
});

describe('POST /api/rule-templates/{id}/systems', () => {
  it('applies to a system, or to every system of a group that has the parameter', async () => {
    const rule = await createRule();
    const group = await createMobilityGroup(t.db);
    const sub = await createMobilityGroup(t.db, { parentId: group.id });
    const a = await sensorSystem(group.id);
    const b = await sensorSystem(sub.id);
    await createMobilitySystem(t.db, { groupId: group.id }); // no such parameter
    const one = await api.post(`/rule-templates/${rule.id}/systems`, { systemIds: [a.system.id] });
    expect(one.json()).toEqual({ applied: 1, alreadyApplied: 0, withoutParameter: 0 });
    const all = await api.post(`/rule-templates/${rule.id}/systems`, { groupId: group.id });
    expect(all.json()).toEqual({ applied: 1, alreadyApplied: 1, withoutParameter: 1 });
    const systems = (await api.get(`/rule-templates/${rule.id}/systems`)).json();
    expect(systems.totalItems).toBe(2);
    expect(systems.content.map((s: { readerId: string }) => s.readerId).sort()).toEqual(
      [a.readerId, b.readerId].sort(),
    );
    expectFieldError(await api.post(`/rule-templates/${rule.id}/systems`, {}), 'systemIds', 'MISSING_SYSTEMS');
    const removed = await api.delete(`/rule-templates/${rule.id}/systems/${a.system.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await api.get(`/rule-templates/${rule.id}/systems`)).json().totalItems).toBe(1);
  });
});

describe('GET /api/rule-templates/{id}/candidate-systems', () => {
  it('offers only the systems with an IOT parameter of its name that it does not watch yet, searched on the server', async () => {
    const parameterName = `Caudal ${unique()}`;
    const rule = await createRule({ parameterName: parameterName.toUpperCase() });
    const watched = await sensorSystem(undefined, { parameterName, name: `Ponte Velha ${unique()}` });
    const bridge = await sensorSystem(undefined, { parameterName, name: `Ponte Nova ${unique()}` });
    const river = await sensorSystem(undefined, { parameterName, name: `Rio Tinto ${unique()}` });
    // Not candidates: another parameter, the name on a text parameter, an IOT parameter with no reader.
    await sensorSystem(undefined, { name: `Ponte de Outro Parâmetro ${unique()}` });
    const asText = await createMobilitySystem(t.db, { name: `Ponte de Texto ${unique()}` });
    const noReader = await createMobilitySystem(t.db, { name: `Ponte sem Leitor ${unique()}` });
    await t.db.insert(mobilitySystemParameters).values([
      { systemId: asText.id, name: parameterName, type: 'TEXT', value: '3' },
      { systemId: noReader.id, name: parameterName, type: 'IOT', readerId: null },
    ]);
    await api.post(`/rule-templates/${rule.id}/systems`, { systemIds: [watched.system.id] });

    const all = await api.get(`/rule-templates/${rule.id}/candidate-systems`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().content).toEqual([
      { id: bridge.system.id, name: bridge.system.name, groupName: expect.any(String), readerId: bridge.readerId },
      { id: river.system.id, name: river.system.name, groupName: expect.any(String), readerId: river.readerId },
    ]);
    const found = (await api.get(`/rule-templates/${rule.id}/candidate-systems`, { universalSearch: 'ponte' })).json();
    expect(found.content.map((system: { id: number }) => system.id)).toEqual([bridge.system.id]);
    const paged = (await api.get(`/rule-templates/${rule.id}/candidate-systems`, { itemsPerPage: '1' })).json();
    expect(paged).toMatchObject({ totalItems: 2, totalPages: 2, currentPage: 0 });
    expect(paged.content).toHaveLength(1);
  });

  it('needs MANAGE_RULE_TEMPLATES and a rule in scope', async () => {
    const rule = await createRule();
    const other = await signInNewUser(t, { permissions: ['MANAGE_EVENTS'] });
    expectError(
      await callerOf(t, other.authorization).get(`/rule-templates/${rule.id}/candidate-systems`),
      403,
      'FORBIDDEN',
    );
    expectError(await api.get('/rule-templates/987654/candidate-systems'), 404, 'NOT_FOUND');
  });
});

describe('rules on incoming readings', () => {
  it('opens one event after the duration and resolves it on the clear condition', async () => {
    const rule = await createRule();
    const { system, readerId } = await sensorSystem();
    await api.post(`/rule-templates/${rule.id}/systems`, { systemIds: [system.id] });
    const start = Date.now() - 60 * MINUTE;

    // Above 3 m for nine minutes: not yet ten.
    await ingest(readerId, start, [3.2, 3.4, 3.5, 3.5, 3.6, 3.6, 3.7, 3.7, 3.8, 3.9]);
    expect(await ruleEventsOf(rule.id)).toEqual([]);

    // The tenth minute completes the duration: one event, however long it stays high.
    await ingest(readerId, start + 10 * MINUTE, [4.1, 4.2, 4.3]);
    const raised = await ruleEventsOf(rule.id);
    expect(raised).toHaveLength(1);
    const eventId = raised[0].event_id;
    const event = (await api.get(`/events/${eventId}`)).json();
    expect(event).toMatchObject({
      title: `Nível da água alto em ${system.name}`,
      category: { id: category.id },
      priority: 'HIGH',
      status: 'OPEN',
      isPublic: true,
      entity: { id: entity.id },
      affectedSystems: [{ id: system.id }],
    });
    expect(event.description).toMatch(
      /^nível da água chegou a 4,1 m \(limite 3 m\) às \d\d-\d\d-\d{4} \d\d:\d\d, regra /,
    );
    expect(event.geojson.features[0].geometry).toEqual(system.geometry);

    // The event says which rule and readings raised it.
    const origin = (await api.get(`/rule-templates/events/${eventId}`)).json().origin;
    expect(origin).toMatchObject({ rule: { id: rule.id, name: rule.name }, system: { id: system.id }, readerId });
    expect(origin.readings.map((r: { value: number }) => r.value)).toEqual([
      3.2, 3.4, 3.5, 3.5, 3.6, 3.6, 3.7, 3.7, 3.8, 3.9, 4.1,
    ]);

    // The same batch delivered again changes nothing.
    const again = [{ readerId, value: 4.3, observedAt: new Date(start + 12 * MINUTE) }];
    await t.app.readingBus.publish(again);
    expect(await ruleEventsOf(rule.id)).toHaveLength(1);

    // One low reading is not enough to clear; two are.
    await ingest(readerId, start + 13 * MINUTE, [2.4, 3.1, 2.3]);
    expect((await ruleEventsOf(rule.id))[0].status).toBe('OPEN');
    await ingest(readerId, start + 16 * MINUTE, [2.2]);
    const cleared = await ruleEventsOf(rule.id);
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatchObject({ status: 'RESOLVED', cleared_at: expect.any(Date) });
    const timeline = (await api.get(`/events/${eventId}/timeline`)).json();
    expect(timeline.at(-1)).toMatchObject({ kind: 'STATUS', fromStatus: 'OPEN', toStatus: 'RESOLVED' });
    expect(timeline.at(-1).note).toContain(rule.name);
    const status = await findAuditRows(t.db, 'STATUS_CHANGE', 'event');
    expect(status.find((row) => row.record_id === String(eventId))).toMatchObject({ user_id: null });

    // High again: a new event, the rule has re-armed.
    await ingest(readerId, start + 20 * MINUTE, [3.5, 3.6, 3.7, 3.8, 3.9, 4.0, 4.0, 4.0, 4.0, 4.0, 4.0]);
    expect(await ruleEventsOf(rule.id)).toHaveLength(2);
  });

  it('opens after a number of consecutive readings and resumes its count after a restart', async () => {
    const rule = await createRule({
      condition: { operator: 'GTE', threshold: 10, holdType: 'READINGS', holdValue: 3 },
    });
    const { system, readerId } = await sensorSystem();
    await api.post(`/rule-templates/${rule.id}/systems`, { systemIds: [system.id] });
    const start = Date.now() - 30 * MINUTE;
    await ingest(readerId, start, [10, 11]);
    // Another engine (a second server process) handed the third reading: counted once, by the sensor's owner.
    const other = createRuleEngine(t.app);
    try {
      await other.handleReadings(await store(readerId, start + 2 * MINUTE, [12]));
      await until(async () => (await ruleEventsOf(rule.id)).length === 1);
    } finally {
      await other.close();
    }
    expect(await ruleEventsOf(rule.id)).toHaveLength(1);
  });

  it('counts a sensor once across server processes, and the next process resumes where the last one stopped', async () => {
    const rule = await createRule({
      condition: { operator: 'GTE', threshold: 10, holdType: 'READINGS', holdValue: 3 },
      clearCondition: { operator: 'LTE', threshold: 2.5, holdType: 'READINGS', holdValue: 2 },
    });
    const { system, readerId } = await sensorSystem();
    const bystander = await sensorSystem();
    await api.post(`/rule-templates/${rule.id}/systems`, { systemIds: [system.id, bystander.system.id] });
    const start = Date.now() - 30 * MINUTE;
    const [first, second] = [createRuleEngine(t.app), createRuleEngine(t.app)];
    try {
      // The second process has read the rules already (another sensor's reading), before the first counts.
      await second.handleReadings(await store(bystander.readerId, start, [1]));
      await first.handleReadings(await store(readerId, start, [10, 11]));
      // Within the second, not after the next periodic save: the console shows where the rule stands.
      await until(async () => (await statesOf(rule.id))[system.id].state === 'TRIGGERING', 3000);

      // The third high reading reaches the second process: one event, not a count started afresh there.
      await second.handleReadings(await store(readerId, start + 2 * MINUTE, [12]));
      await until(async () => (await ruleEventsOf(rule.id)).length === 1);
      await first.handleReadings(await store(readerId, start + 3 * MINUTE, [13, 14, 15]));

      // The first process stops; the second takes over from what it counted: two low readings clear the event.
      await first.close();
      await second.handleReadings(await store(readerId, start + 6 * MINUTE, [2]));
      await second.handleReadings(await store(readerId, start + 7 * MINUTE, [2.1]));
      await until(async () => (await ruleEventsOf(rule.id))[0]?.status === 'RESOLVED');
      expect(await ruleEventsOf(rule.id)).toHaveLength(1);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('leaves readers without rules and inactive rules alone', async () => {
    const rule = await createRule({
      active: false,
      condition: { operator: 'GT', threshold: 0, holdType: 'READINGS', holdValue: 1 },
    });
    const { system, readerId } = await sensorSystem();
    await api.post(`/rule-templates/${rule.id}/systems`, { systemIds: [system.id] });
    await ingest(readerId, Date.now() - MINUTE, [5]);
    await ingest(`nobody-${unique()}`, Date.now() - MINUTE, [5]);
    expect(await ruleEventsOf(rule.id)).toEqual([]);
  });
});

/** Where the rule stands on each system, as the systems table shows it. */
async function statesOf(ruleId: number) {
  const page = (await api.get(`/rule-templates/${ruleId}/systems`)).json();
  return Object.fromEntries(
    page.content.map((s: { id: number; state: string; openEvent: { id: number } | null }) => [
      s.id,
      { state: s.state, openEventId: s.openEvent?.id ?? null },
    ]),
  );
}

describe('PUT /api/rule-templates/{id}', () => {
  it('restarts the count on every system: readings before the edit no longer count', async () => {
    const rule = await createRule({
      condition: { operator: 'GT', threshold: 3, holdType: 'READINGS', holdValue: 3 },
    });
    const a = await sensorSystem();
    const b = await sensorSystem();
    await api.post(`/rule-templates/${rule.id}/systems`, { systemIds: [a.system.id, b.system.id] });
    const start = Date.now() - 30 * MINUTE;
    // Two of the three readings the rule asks for, on both systems.
    await ingest(a.readerId, start, [3.5, 3.6]);
    await ingest(b.readerId, start, [3.5, 3.6]);

    const edited = await api.put(
      `/rule-templates/${rule.id}`,
      ruleInput({ name: rule.name, condition: { operator: 'GT', threshold: 3.2, holdType: 'READINGS', holdValue: 3 } }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().condition).toMatchObject({ threshold: 3.2 });
    const audit = await findAuditRows(t.db, 'UPDATE', 'rule_template');
    expect(audit.some((row) => row.record_id === String(rule.id))).toBe(true);
    expect(await statesOf(rule.id)).toEqual({
      [a.system.id]: { state: 'IDLE', openEventId: null },
      [b.system.id]: { state: 'IDLE', openEventId: null },
    });

    // The third reading would have opened the event under the old count; now it is the first of three.
    await ingest(a.readerId, start + 2 * MINUTE, [3.7, 3.8]);
    await ingest(b.readerId, start + 2 * MINUTE, [3.7, 3.8]);
    expect(await ruleEventsOf(rule.id)).toEqual([]);
    // A reading handed to another process is counted by the sensor's owner, from the restarted count too.
    const other = createRuleEngine(t.app);
    try {
      await other.handleReadings(await store(a.readerId, start + 4 * MINUTE, [3.9]));
      await until(async () => (await ruleEventsOf(rule.id)).length === 1);
    } finally {
      await other.close();
    }
    await ingest(b.readerId, start + 4 * MINUTE, [3.9]);
    expect(await ruleEventsOf(rule.id)).toHaveLength(2);
  });

  it('keeps an open event open until the new clear condition holds, without opening another', async () => {
    const rule = await createRule({
      condition: { operator: 'GT', threshold: 3, holdType: 'READINGS', holdValue: 1 },
      clearCondition: { operator: 'LTE', threshold: 2.5, holdType: 'READINGS', holdValue: 1 },
    });
    const { system, readerId } = await sensorSystem();
    await api.post(`/rule-templates/${rule.id}/systems`, { systemIds: [system.id] });
    const start = Date.now() - 30 * MINUTE;
    await ingest(readerId, start, [4]);
    const [raised] = await ruleEventsOf(rule.id);
    expect(raised).toMatchObject({ status: 'OPEN' });

    const edited = await api.put(
      `/rule-templates/${rule.id}`,
      ruleInput({
        name: rule.name,
        condition: { operator: 'GT', threshold: 5, holdType: 'READINGS', holdValue: 1 },
        clearCondition: { operator: 'LTE', threshold: 1, holdType: 'READINGS', holdValue: 1 },
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().openEventsCount).toBe(1);
    expect(await statesOf(rule.id)).toEqual({ [system.id]: { state: 'ACTIVE', openEventId: raised.event_id } });

    // 2 m met the old clear condition, not the new one; 6 m meets the new alarm, but the event is already open.
    await ingest(readerId, start + MINUTE, [2, 6]);
    expect(await ruleEventsOf(rule.id)).toEqual([
      expect.objectContaining({ event_id: raised.event_id, status: 'OPEN' }),
    ]);
    await ingest(readerId, start + 3 * MINUTE, [0.8]);
    expect(await ruleEventsOf(rule.id)).toEqual([
      expect.objectContaining({ event_id: raised.event_id, status: 'RESOLVED' }),
    ]);
    // The event still says which condition raised it.
    const origin = (await api.get(`/rule-templates/events/${raised.event_id}`)).json().origin;
    expect(origin.condition).toMatchObject({ threshold: 3 });
    expect(origin.clearReadings.map((r: { value: number }) => r.value)).toEqual([0.8]);
  });
});

describe('DELETE /api/rule-templates/{id}', () => {
  it('refuses while an event it would resolve is open, and deletes once an operator resolved it', async () => {
    const rule = await createRule({
      condition: { operator: 'GT', threshold: 3, holdType: 'READINGS', holdValue: 1 },
    });
    const { system, readerId } = await sensorSystem();
    await api.post(`/rule-templates/${rule.id}/systems`, { systemIds: [system.id] });
    await ingest(readerId, Date.now() - 10 * MINUTE, [4]);
    const [raised] = await ruleEventsOf(rule.id);

    const refused = await api.delete(`/rule-templates/${rule.id}`);
    expectError(refused, 409, 'DELETE_FAILED');
    expect(refused.json().message).toContain('1 open event');
    expect(refused.json().blocked).toEqual({ reason: 'RULE_HAS_OPEN_EVENTS', name: rule.name, count: 1 });
    expect((await api.get(`/rule-templates/${rule.id}`)).json()).toMatchObject({ openEventsCount: 1, systemsCount: 1 });

    const resolved = await api.put(`/events/${raised.event_id}/status`, { status: 'RESOLVED', note: 'Verificado' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await api.get(`/rule-templates/${rule.id}`)).json().openEventsCount).toBe(0);
    expect((await statesOf(rule.id))[system.id].openEventId).toBeNull();

    const deleted = await api.delete(`/rule-templates/${rule.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectError(await api.get(`/rule-templates/${rule.id}`), 404, 'NOT_FOUND');
    const audit = await findAuditRows(t.db, 'DELETE', 'rule_template');
    expect(audit.some((row) => row.record_id === String(rule.id))).toBe(true);
    // The event keeps the name of the rule that raised it.
    const origin = (await api.get(`/rule-templates/events/${raised.event_id}`)).json().origin;
    expect(origin).toMatchObject({ rule: { id: null, name: rule.name }, eventStatus: 'RESOLVED' });
  });

  it('deletes a rule that never raised an event', async () => {
    const rule = await createRule();
    const { system } = await sensorSystem();
    await api.post(`/rule-templates/${rule.id}/systems`, { systemIds: [system.id] });
    expect((await api.delete(`/rule-templates/${rule.id}`)).statusCode).toBe(200);
    expectError(await api.delete(`/rule-templates/${rule.id}`), 404, 'NOT_FOUND');
  });
});

describe('POST /api/rule-templates/test', () => {
  it('replays the latest readings and shows what the rule would have done, without opening anything', async () => {
    const { system, readerId } = await sensorSystem();
    const start = Date.now() - 30 * MINUTE;
    await t.db
      .insert(iotReadings)
      .values(
        [1, 3.5, 3.6, 3.7, 2, 2].map((value, i) => ({ readerId, value, observedAt: new Date(start + i * 5 * MINUTE) })),
      );
    const input = ruleInput();
    const response = await api.post('/rule-templates/test', {
      parameterName: input.parameterName,
      condition: input.condition,
      clearCondition: input.clearCondition,
      systemId: system.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ readerId, opened: 1, resolved: 1, finalState: 'IDLE' });
    expect(result.steps.map((step: { action: string | null }) => step.action)).toEqual([
      null,
      null,
      null,
      'OPEN',
      null,
      'RESOLVE',
    ]);
    const { rows } = await t.db.$client.query(`select 1 from event_affected_systems where system_id = $1`, [system.id]);
    expect(rows).toEqual([]);
  });
});
