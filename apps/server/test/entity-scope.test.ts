import { PERMISSIONS } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { createEntity, createUser, signIn } from './factories.ts';
import { fillPath, inputSchemaOf, propertiesOf, routeLabel, sampleValue } from './route-inputs.ts';
import { useTestApp } from './test-app.ts';

const t = useTestApp();

/**
 * Walks every readable route as a user of entity B, pointing each id at entity
 * A's records, and fails if any answer carries something only A's people
 * should see. New routes are covered as soon as they are registered.
 */
describe('entity scope', () => {
  it("a user of one entity reads nothing of another entity's records through any GET route", async () => {
    const entityA = await createEntity(t.db, { name: 'Serviços Municipalizados de Aveiro Secretos' });
    const userA = await createUser(t.db, {
      entityId: entityA.id,
      name: 'Joaquina Confidencial',
      email: 'joaquina.confidencial@entidade-a.example',
      permissions: [...PERMISSIONS],
      entitiesAccessList: [entityA.id],
    });
    const entityB = await createEntity(t.db, { name: 'Entidade B' });
    const userB = await createUser(t.db, {
      entityId: entityB.id,
      permissions: [...PERMISSIONS],
      entitiesAccessList: [entityB.id],
    });
    // A's user leaves traces (a sign-in in the audit log) that B must not read either.
    await signIn(t.app, userA.email);
    const { authorization } = await signIn(t.app, userB.email);
    const secrets = [entityA.name, userA.name, userA.email];

    const readable = t.app.apiRoutes.filter((route) => route.method === 'GET');
    expect(readable.length).toBeGreaterThan(5);
    const idFor = (param: string) => (/user/i.test(param) ? String(userA.id) : String(entityA.id));
    for (const route of readable) {
      const params = propertiesOf(inputSchemaOf(route, 'params'));
      const url = fillPath(route.url, (param) =>
        /id$/i.test(param) ? idFor(param) : String(sampleValue(params[param], param)),
      );
      const query = Object.fromEntries(
        Object.entries(propertiesOf(inputSchemaOf(route, 'querystring'))).map(([name, schema]) => [
          name,
          /id$/i.test(name) ? idFor(name) : String(sampleValue(schema, name)),
        ]),
      );
      // With the sample filters, and with none at all: an unfiltered list must be scoped too.
      for (const variant of [query, {}]) {
        const response = await t.app.inject({ method: 'GET', url, query: variant, headers: { authorization } });
        for (const secret of secrets) {
          expect(response.body, `${routeLabel(route)} leaked "${secret}"`).not.toContain(secret);
        }
      }
    }
  });

  it('the session answer describes only the caller', async () => {
    const other = await createUser(t.db, { name: 'Outra Pessoa Qualquer' });
    const me = await createUser(t.db);
    const { authorization } = await signIn(t.app, me.email);
    const response = await t.app.inject({ url: '/api/auth/session', headers: { authorization } });
    expect(response.json()).toMatchObject({ id: me.id, user: { email: me.email } });
    expect(response.body).not.toContain(other.email);
  });
});
