import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions.ts';
import { createReportCategory, nextAddress } from '../../../test/event-request-factories.ts';
import { createEntity, createUser, signInNewUser } from '../../../test/factories.ts';
import { findNotifications } from '../../../test/notifications.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { notifyUser } from './notifications.service.ts';

const t = useTestApp();
let api: TCaller;
let other: TCaller;
let ids: number[];

beforeAll(async () => {
  const owner = await signInNewUser(t);
  api = callerOf(t, owner.authorization);
  other = callerOf(t, (await signInNewUser(t)).authorization);
  for (const template of ['Ocorrências registadas', 'Passagens por linha', 'Utilizadores']) {
    await notifyUser(t.db, owner.user.id, {
      type: 'REPORT_READY',
      params: { template, filename: `${template}.csv` },
      link: '/personal/files',
    });
  }
  ids = (await api.get('/notifications/search')).json().content.map((n: { id: number }) => n.id);
});

describe('notifications', () => {
  it("lists the caller's own notifications, newest first, with their type, parameters and link", async () => {
    const response = await api.get('/notifications/search');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().content).toHaveLength(3);
    expect(response.json().content[0]).toMatchObject({
      type: 'REPORT_READY',
      params: { template: 'Utilizadores', filename: 'Utilizadores.csv' },
      link: '/personal/files',
      readAt: null,
    });
    expect((await other.get('/notifications/search')).json().totalItems).toBe(0);
    expect((await api.get('/notifications/unread-count')).json()).toEqual({ count: 3 });
  });

  it('marks one read, once, and filters read from unread', async () => {
    const first = await api.put(`/notifications/${ids[0]}/read`, {});
    expect(first.statusCode, first.body).toBe(200);
    const readAt = first.json().readAt;
    expect(readAt).toEqual(expect.any(String));
    expect((await api.put(`/notifications/${ids[0]}/read`, {})).json().readAt).toBe(readAt);
    expect((await api.get('/notifications/unread-count')).json()).toEqual({ count: 2 });
    const unread = await api.get('/notifications/search', { unread: 'true' });
    expect(unread.json().content.map((n: { id: number }) => n.id)).toEqual(ids.slice(1));
    const read = await api.get('/notifications/search', { unread: 'false' });
    expect(read.json().content.map((n: { id: number }) => n.id)).toEqual([ids[0]]);
  });

  it("answers 404 for another user's notification", async () => {
    expectError(await other.put(`/notifications/${ids[1]}/read`, {}), 404, 'NOT_FOUND');
  });

  it('marks them all read', async () => {
    expect((await api.put('/notifications/read-all', {})).json()).toEqual({ count: 2 });
    expect((await api.get('/notifications/unread-count')).json()).toEqual({ count: 0 });
  });

  it('requires authentication', async () => {
    expectError(await callerOf(t, '').get('/notifications/unread-count'), 401, 'UNAUTHORIZED');
  });
});

describe('who gets notified', () => {
  it('tells nobody who chose on /personal not to receive notifications', async () => {
    const quiet = await signInNewUser(t);
    const caller = callerOf(t, quiet.authorization);
    const put = await caller.put('/users/me', {
      name: 'Sem Avisos',
      language: 'pt-PT',
      timeZone: 'Europe/Lisbon',
      receiveNotifications: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    await notifyUser(t.db, quiet.user.id, { type: 'REPORT_READY', params: { template: 'X' }, link: null });
    expect((await caller.get('/notifications/unread-count')).json()).toEqual({ count: 0 });
  });

  it("tells the staff of the category's entity who manage events, and its report agent, of a new public report", async () => {
    const entity = await createEntity(t.db, { name: 'Divisão de Trânsito' });
    const manager = await createUser(t.db, { entityId: entity.id, permissions: ['MANAGE_EVENTS'] });
    const clerk = await createUser(t.db, { entityId: entity.id, permissions: [] });
    const optedOut = await createUser(t.db, { entityId: entity.id, permissions: ['MANAGE_EVENTS'] });
    await t.db.$client.query('update users set receive_notifications = false where id = $1', [optedOut.id]);
    const agent = await createUser(t.db, { permissions: [] });
    const elsewhere = await createUser(t.db, { permissions: ['MANAGE_EVENTS'] });
    const category = await createReportCategory(t.db, {
      name: 'Semáforo avariado',
      allocatedToEntityId: entity.id,
      reportAgentUserId: agent.id,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/event-requests/',
      remoteAddress: nextAddress(),
      payload: {
        categoryId: category.id,
        participantName: 'Joana Silva',
        participantEmail: 'joana.silva@example.pt',
        title: 'Semáforo apagado na Boavista',
        description: 'O semáforo da rotunda está apagado desde manhã.',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      type: 'EVENT_REQUEST_ASSIGNED',
      params: { title: 'Semáforo apagado na Boavista', category: 'Semáforo avariado', entity: 'Divisão de Trânsito' },
      link: `/event-request/${response.json().id}`,
    };
    expect(await findNotifications(t.db, manager.id, 'EVENT_REQUEST_ASSIGNED')).toEqual([expected]);
    expect(await findNotifications(t.db, agent.id, 'EVENT_REQUEST_ASSIGNED')).toEqual([expected]);
    for (const user of [clerk, optedOut, elsewhere]) {
      expect(await findNotifications(t.db, user.id, 'EVENT_REQUEST_ASSIGNED')).toEqual([]);
    }
  });
});
