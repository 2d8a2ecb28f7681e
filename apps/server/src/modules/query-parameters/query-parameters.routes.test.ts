import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions.ts';
import { createEntity, signInNewUser } from '../../../test/factories.ts';
import { callerOf } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

describe('GET /api/query-parameters/options', () => {
  it('lists entities only within the caller’s scope, and not to visitors', async () => {
    const mine = await createEntity(t.db, { name: 'Junta de Freguesia de Cedofeita' });
    await createEntity(t.db, { name: 'Junta de Freguesia de Campanhã' });
    const limited = await signInNewUser(t, { entityId: mine.id, entitiesAccessList: [mine.id] });
    const response = await callerOf(t, limited.authorization).get('/query-parameters/options', {
      type: 'ENTITY',
      universalSearch: 'junta freguesia',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([{ value: mine.id, label: 'Junta de Freguesia de Cedofeita' }]);
    expectError(await callerOf(t, '').get('/query-parameters/options', { type: 'ENTITY' }), 401, 'UNAUTHORIZED');
  });

  it('gives visitors places by name, accents aside, and names chosen values by id', async () => {
    const anonymous = callerOf(t, '');
    const districts = await anonymous.get('/query-parameters/options', { type: 'DISTRICT', universalSearch: 'evora' });
    expect(districts.json()).toEqual([{ value: expect.any(String), label: 'Évora' }]);
    const byId = await anonymous.get('/query-parameters/options', { type: 'COUNTRY', ids: 'PT,ES', language: 'en-US' });
    expect(byId.json()).toEqual([
      { value: 'PT', label: 'Portugal' },
      { value: 'ES', label: 'Spain' },
    ]);
  });

  it('answers the codes of closed lists', async () => {
    const response = await callerOf(t, '').get('/query-parameters/options', { type: 'EVENT_PRIORITY' });
    expect(response.json().map((option: { value: string }) => option.value)).toEqual([
      'LOW',
      'NORMAL',
      'HIGH',
      'CRITICAL',
    ]);
  });
});
