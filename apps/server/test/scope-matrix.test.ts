/**
 * The scope matrix: for every route that takes a record id, a user limited to
 * entity A (entitiesAccessList = [A]) who holds every permission gets 404 for
 * a record of entity B — read, write, delete, export, documents, jobs,
 * notifications, files — while B's own user reaches it (anything but 404), so
 * a factory that made the wrong record cannot pass for a guard.
 *
 * Each kind of record declares below how to make one owned by B. A route that
 * takes an id and is neither covered by a kind nor on the commented allow-list
 * fails the test: a new route cannot slip through unchecked.
 */
import { randomBytes } from 'node:crypto';
import { PERMISSIONS } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../src/db/database.ts';
import {
  dashboards,
  dashboardWidgets,
  dataSources,
  documents,
  eventRequests,
  feDebugReports,
  gtfsImportJobs,
  notifications,
  reportJobs,
  reportSchedules,
  reportTemplates,
  ruleTemplateEvents,
  ruleTemplateSystems,
} from '../src/db/schema/index.ts';
import { createEventCategory, createEventRow, createRuleTemplateRow, SANTA_CATARINA } from './event-factories.ts';
import { createEntity, createEntityProfile, createUser, openTestSession } from './factories.ts';
import { createMobilityGroup, createMobilitySystem } from './mobility-factories.ts';
import { createReportFile } from './report-factories.ts';
import { fillPath, inputSchemaOf, paramNamesOf, routeLabel, sampleValue, type TApiRoute } from './route-inputs.ts';
import { useTestApp } from './test-app.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');

/** Entity B and B's own user (limited to B, every permission): whose records A must not reach. */
interface TOwner {
  entityId: number;
  userId: number;
}

/** The values of a route's path params naming one record owned by B (others are for its bodies). */
type TRecordValues = Record<string, number | string>;
type TRecordFactory = (db: TDatabase, owner: TOwner) => Promise<TRecordValues>;

interface TRecordKind {
  /** Route URLs (under /api) up to their first param, e.g. '/events/' for /events/:id and /events/:id/comments. */
  prefixes: string[];
  create: TRecordFactory;
  /** Bodies for routes whose sample body would not pass validation (so the call reaches the record). */
  bodies?: Record<string, (values: TRecordValues, owner: TOwner) => unknown>;
  /** Routes of the kind that answer B's record on purpose, each with its reason. */
  exempt?: Record<string, string>;
  /**
   * Public views of the kind: B's record is not public, so they answer 404 to
   * everyone, B included; A's 404 is still checked, B's reach cannot be.
   */
  publicViews?: string[];
}

async function createDataSource(db: TDatabase) {
  const [source] = await db
    .insert(dataSources)
    .values({ name: `Fonte ${unique()}`, query: 'select 1 as "Um"', queryColumns: ['Um'] })
    .returning();
  return source;
}

async function createReportTemplate(db: TDatabase, entityIds: number[]) {
  const [template] = await db
    .insert(reportTemplates)
    .values({ name: `Relatório ${unique()}`, category: 'OTHERS', query: 'select 1 as "Um"', entityIds })
    .returning();
  return template;
}

async function createRuleTemplate(db: TDatabase, entityId: number) {
  return createRuleTemplateRow(db, { categoryId: (await createEventCategory(db)).id, entityId });
}

async function createEventOf(db: TDatabase, entityId: number) {
  const category = await createEventCategory(db);
  return createEventRow(db, { categoryId: category.id, entityId, isPublic: false });
}

const PDF_BYTES = Buffer.from('%PDF-1.4\n%%EOF\n');

/** Records owned by an entity: B's must be out of A's reach. */
const ENTITY_OWNED: TRecordKind[] = [
  {
    // A sub-entity of B, so that B's own user deleting it leaves B in place.
    prefixes: ['/entities/'],
    create: async (db, owner) => {
      const profile = await createEntityProfile(db);
      return {
        id: (await createEntity(db, { parentId: owner.entityId, profileId: profile.id })).id,
        profileId: profile.id,
      };
    },
    bodies: {
      'PUT /api/entities/:id': (values, owner) => ({
        name: 'Tomada',
        profileId: values.profileId,
        parentId: owner.entityId,
      }),
    },
  },
  {
    prefixes: ['/users/'],
    create: async (db, owner) => {
      const user = await createUser(db, { entityId: owner.entityId });
      return { id: user.id, email: user.email, roleId: user.roleId };
    },
    bodies: {
      'PUT /api/users/:id': (values, owner) => ({
        name: 'Tomado',
        email: values.email,
        entityId: owner.entityId,
        roleId: values.roleId,
        language: 'pt-PT',
        timeZone: 'Europe/Lisbon',
        receiveNotifications: true,
        status: 'ACTIVE',
      }),
    },
  },
  {
    // A profile is the type of every entity that has it: one used by B's entities is B's to change.
    prefixes: ['/entity-profiles/'],
    create: async (db, owner) => {
      const profile = await createEntityProfile(db);
      await createEntity(db, { parentId: owner.entityId, profileId: profile.id });
      return { id: profile.id };
    },
    exempt: {
      'GET /api/entity-profiles/:id':
        'profiles are reference data (a name and the roles allowed): every entity form names them',
    },
  },
  {
    // A category allocated to B receives B's requests: B's to change, though every entity files under it.
    prefixes: ['/event-categories/'],
    create: async (db, owner) => ({ id: (await createEventCategory(db, { allocatedToEntityId: owner.entityId })).id }),
    bodies: {
      'PUT /api/event-categories/:id': (_values, owner) => ({
        name: `Desviada ${unique()}`,
        icon: null,
        categoryType: 'GENERIC',
        allowPublic: true,
        allocatedToEntityId: owner.entityId,
        reportAgentUserId: null,
        allowGeometry: true,
        allowPhotoUpload: true,
        eventStatuses: ['OPEN', 'CLOSED'],
        limitUserType: null,
        statusOnOriginReply: null,
        statusOnDestinationReply: null,
        active: true,
      }),
    },
    exempt: {
      'GET /api/event-categories/:id':
        'categories are reference data: every entity files events and reports under them (the forms read them)',
    },
  },
  {
    prefixes: ['/events/', '/events/public/'],
    publicViews: ['GET /api/events/public/:id'],
    create: async (db, owner) => {
      const event = await createEventOf(db, owner.entityId);
      return { id: event.id, categoryId: event.categoryId };
    },
    bodies: {
      'PUT /api/events/:id': (values) => ({
        title: 'Tomada',
        categoryId: values.categoryId,
        fromTimestamp: new Date().toISOString(),
        geojson: SANTA_CATARINA,
      }),
    },
  },
  {
    // A request in a category allocated to B.
    prefixes: ['/event-requests/'],
    create: async (db, owner) => {
      const category = await createEventCategory(db, { allocatedToEntityId: owner.entityId });
      const [request] = await db
        .insert(eventRequests)
        .values({
          categoryId: category.id,
          participantName: 'Maria',
          participantEmail: 'maria@test.example',
          title: 'Buraco',
          description: 'Na rua',
        })
        .returning();
      return { id: request.id };
    },
    bodies: { 'POST /api/event-requests/:id/reject': () => ({ reason: 'Duplicado' }) },
  },
  {
    // A file attached to one of B's events (documents of mobility systems: see MOBILITY_OWNED below).
    prefixes: ['/documents/', '/documents/public/'],
    publicViews: ['GET /api/documents/public/:id', 'GET /api/documents/public/:id/contents'],
    create: async (db, owner) => {
      const event = await createEventOf(db, owner.entityId);
      return { id: (await createDocumentOf(db, owner, 'EVENT', event.id)).id };
    },
  },
  {
    // A dashboard is owned by the entities it is restricted to.
    prefixes: ['/dashboards/'],
    create: async (db, owner) => {
      const source = await createDataSource(db);
      const [dashboard] = await db
        .insert(dashboards)
        .values({ name: `Painel ${unique()}`, status: 'ACTIVE', restrictedEntityIds: [owner.entityId] })
        .returning();
      const [widget] = await db
        .insert(dashboardWidgets)
        .values({
          dashboardId: dashboard.id,
          position: 0,
          type: 'TableWidget',
          title: 'Tabela',
          sizeLg: 12,
          sizeMd: 12,
          sizeSm: 12,
          sourceId: source.id,
          allowExportTable: true,
        })
        .returning();
      return { id: dashboard.id, dashboardId: dashboard.id, widgetId: widget.id };
    },
    bodies: {
      'PUT /api/dashboards/:id': () => ({ name: 'hijacked', isPublic: true, status: 'ACTIVE', widgets: [] }),
      'POST /api/dashboards/:dashboardId/widget/:widgetId/export': () => ({ parameters: {}, format: 'CSV' }),
    },
  },
  {
    // A template limited to B's users.
    prefixes: ['/report-templates/', '/reports/'],
    create: async (db, owner) => {
      const template = await createReportTemplate(db, [owner.entityId]);
      return { id: template.id, templateId: template.id };
    },
    bodies: {
      'PUT /api/report-templates/:id': () => ({
        name: `Tomado ${unique()}`,
        category: 'OTHERS',
        async: false,
        enabled: true,
        query: 'select 1 as "Um"',
        parameters: [],
        entityIds: [],
      }),
    },
  },
  {
    // A rule of B's (its author's entity); the system it names is any.
    prefixes: ['/rule-templates/'],
    create: async (db, owner) => {
      const rule = await createRuleTemplate(db, owner.entityId);
      const system = await createMobilitySystem(db);
      await db.insert(ruleTemplateSystems).values({ ruleId: rule.id, systemId: system.id });
      return { id: rule.id, systemId: system.id, categoryId: rule.categoryId };
    },
    bodies: {
      'PUT /api/rule-templates/:id': (values) => ({
        name: `Tomada ${unique()}`,
        parameterName: 'Temperatura',
        condition: { operator: 'GT', threshold: 3, holdType: 'READINGS', holdValue: 2 },
        clearCondition: { operator: 'LTE', threshold: 2, holdType: 'READINGS', holdValue: 2 },
        categoryId: values.categoryId,
        priority: 'HIGH',
        isPublic: false,
        title: 'Alto',
        message: 'Chegou a {{value}}',
      }),
    },
  },
  {
    // An event of B's raised by a rule.
    prefixes: ['/rule-templates/events/'],
    create: async (db, owner) => {
      const event = await createEventOf(db, owner.entityId);
      await db.insert(ruleTemplateEvents).values({
        eventId: event.id,
        ruleName: 'Calor',
        parameterName: 'Temperatura',
        readerId: `sensor-${unique()}`,
        condition: { operator: 'GT', threshold: 35, holdType: 'READINGS', holdValue: 2 },
        readings: [],
      });
      return { id: event.id };
    },
  },
];

/** Records owned by a user rather than an entity: user B's must be out of user A's reach. */
const USER_OWNED: TRecordKind[] = [
  {
    prefixes: ['/notifications/'],
    create: async (db, owner) => {
      const [row] = await db.insert(notifications).values({ userId: owner.userId, type: 'REPORT_READY' }).returning();
      return { id: row.id };
    },
  },
  {
    prefixes: ['/personal/files/'],
    create: async (db, owner) => {
      const row = await createReportFile(db, owner.userId);
      return { id: row.id };
    },
  },
  {
    // What B's user generated, and when it is run for them.
    prefixes: ['/reports/jobs/'],
    create: async (db, owner) => {
      const template = await createReportTemplate(db, []);
      const [job] = await db
        .insert(reportJobs)
        .values({ templateId: template.id, requestedBy: owner.userId, format: 'CSV' })
        .returning();
      return { id: job.id };
    },
  },
  {
    prefixes: ['/report-schedules/'],
    create: async (db, owner) => {
      const template = await createReportTemplate(db, []);
      const [schedule] = await db
        .insert(reportSchedules)
        .values({
          templateId: template.id,
          ownerId: owner.userId,
          format: 'CSV',
          recurrence: 'DAILY',
          recurringTime: '08:00',
        })
        .returning();
      return { id: schedule.id, templateId: template.id };
    },
    bodies: {
      'PUT /api/report-schedules/:id': (values) => ({
        templateId: values.templateId,
        format: 'CSV',
        parameters: {},
        recurrence: 'DAILY',
        recurringTime: '08:00',
        subscriberIds: [],
      }),
    },
  },
  {
    // A signed-in user's browser error report names them and the page they were on.
    prefixes: ['/fe-debug/'],
    create: async (db, owner) => {
      const [report] = await db
        .insert(feDebugReports)
        .values({
          message: 'boom',
          device: { userAgent: 'test' },
          href: 'http://mip.test/x',
          pathname: '/x',
          userId: owner.userId,
          fingerprint: unique(),
        })
        .returning();
      return { id: report.id };
    },
  },
];

/** A group owned by B: the `entityId` column comes with the mobility ownership branch (migration 0022). */
const createGroupOf = (db: TDatabase, owner: TOwner) => createMobilityGroup(db, { entityId: owner.entityId });

/** A document attached to a record of B's (`ownerKind` says which). */
async function createDocumentOf(db: TDatabase, owner: TOwner, ownerKind: 'EVENT' | 'MOBILITY_SYSTEM', ownerId: number) {
  const [document] = await db
    .insert(documents)
    .values({
      ownerKind,
      ownerId,
      category: 'FILE',
      title: 'Planta',
      filename: 'planta.pdf',
      mimeType: 'application/pdf',
      size: PDF_BYTES.length,
      contents: PDF_BYTES,
      entityId: owner.entityId,
    })
    .returning();
  return document;
}

/** Mobility groups, and the systems, documents and GTFS imports under them, are owned through the group's entity. */
const MOBILITY_OWNED: TRecordKind[] = [
  {
    prefixes: ['/mobility-system-groups/'],
    // The factory's group has no icon: nobody gets one.
    publicViews: ['GET /api/mobility-system-groups/:id/icon'],
    create: async (db, owner) => ({ id: (await createGroupOf(db, owner)).id, z: 0, x: 0, y: 0 }),
    bodies: {
      'PUT /api/mobility-system-groups/:id': () => ({
        name: `Tomado ${unique()}`,
        color: '#123456',
        type: 'STATIC',
        layerType: 'DEFAULT_LAYERS',
      }),
    },
    exempt: {
      'GET /api/mobility-system-groups/:id/tiles.json': 'the public map draws every group: its tiles are public',
      'GET /api/mobility-system-groups/:id/tiles/:z/:x/:y.pbf':
        'the public map draws every group: its tiles are public',
    },
  },
  {
    prefixes: ['/mobility-systems/', '/mobility-system/'],
    create: async (db, owner) => {
      const group = await createGroupOf(db, owner);
      return { id: (await createMobilitySystem(db, { groupId: group.id })).id, groupId: group.id };
    },
    bodies: {
      'PUT /api/mobility-systems/:id': (values) => ({
        name: `Tomada ${unique()}`,
        systemType: 'STOP',
        parentId: values.groupId,
        color: '#123456',
        geometry: { type: 'Point', coordinates: [-8.6, 41.15] },
      }),
    },
    exempt: {
      'GET /api/mobility-system/:id/details': 'the public map’s card of a system: every system is on the public map',
      'GET /api/mobility-system/:id/readings': 'a sensor’s readings show on its public card',
    },
  },
  {
    prefixes: ['/documents/', '/documents/public/'],
    // The factory's file is not public: nobody gets it through the public calls.
    publicViews: ['GET /api/documents/public/:id', 'GET /api/documents/public/:id/contents'],
    create: async (db, owner) => {
      const system = await createMobilitySystem(db, { groupId: (await createGroupOf(db, owner)).id });
      return { id: (await createDocumentOf(db, owner, 'MOBILITY_SYSTEM', system.id)).id };
    },
  },
  {
    prefixes: ['/gtfs/imports/'],
    create: async (db, owner) => {
      const [job] = await db
        .insert(gtfsImportJobs)
        .values({
          groupId: (await createGroupOf(db, owner)).id,
          status: 'VALIDATED',
          fileName: 'feed.zip',
          fileSize: 1,
          createdBy: owner.userId,
        })
        .returning();
      return { id: job.id };
    },
  },
];

/**
 * Route prefixes whose records are not any one entity's (or user's), each
 * with its reason. Nothing else may take an id unchecked.
 */
const ALLOW_LIST: Record<string, string> = {
  '/auth/': 'the token in the path is the capability (password reset, invitation): it names no entity',
  '/roles/': 'roles are platform-wide; who may grant which is the permission rule (canGrant), not scope',
  '/layers/': 'map layers are platform-wide configuration (MANAGE_LAYERS)',
  '/sprites/': 'map sprites are platform-wide configuration (MANAGE_SPRITES)',
  '/data-sources/':
    'data sources are platform-wide queries; what a source may read of an entity is bound to the caller at run time',
  '/iot-queues/': 'message queues are platform infrastructure (broker connections), MANAGE_MESSAGE_QUEUES',
  '/applications/': 'portal applications are platform-wide (WRITE_ROLE), their public calls serve visitors',
  '/help/images/': 'help articles and their images are platform-wide and public',
  '/open311/v2/services/': 'the Open311 service list is the public catalogue of categories',
  '/open311/v2/requests/': 'Open311 (GeoReport v2) makes a service request’s status public by design',
  '/event-requests/follow-up/':
    "the token in the path is the capability: the reporter's own link to their report, nothing personal in it",
};

const prefixOf = (route: TApiRoute) => route.url.replace(/^\/api/, '').replace(/:.*$/, '');
const takesId = (route: TApiRoute) => paramNamesOf(route.url).length > 0;

/** The kinds whose records the route names: every one that declares its prefix. */
function kindsOf(route: TApiRoute): TRecordKind[] {
  const prefix = prefixOf(route);
  return [...ENTITY_OWNED, ...MOBILITY_OWNED, ...USER_OWNED].filter((kind) => kind.prefixes.includes(prefix));
}

describe('the scope matrix', () => {
  let userAId: number;
  let owner: TOwner;

  beforeAll(async () => {
    const limitedTo = async (entityId: number) =>
      createUser(t.db, { entityId, entitiesAccessList: [entityId], permissions: [...PERMISSIONS] });
    const entityA = await createEntity(t.db);
    const entityB = await createEntity(t.db);
    const userA = await limitedTo(entityA.id);
    const userB = await limitedTo(entityB.id);
    userAId = userA.id;
    owner = { entityId: entityB.id, userId: userB.id };
  });

  it('declares, for every route that takes an id, whose record it names (or why nobody owns it)', () => {
    const undeclared = t.app.apiRoutes
      .filter((route) => takesId(route) && kindsOf(route).length === 0 && !(prefixOf(route) in ALLOW_LIST))
      .map(routeLabel);
    expect(undeclared).toEqual([]);
  });

  it('keeps nothing on the allow-list that a kind covers, nor a prefix no route has', () => {
    const prefixes = new Set(t.app.apiRoutes.filter(takesId).map(prefixOf));
    const covered = [...ENTITY_OWNED, ...MOBILITY_OWNED, ...USER_OWNED].flatMap((kind) => kind.prefixes);
    expect(Object.keys(ALLOW_LIST).filter((prefix) => covered.includes(prefix) || !prefixes.has(prefix))).toEqual([]);
  });

  it('answers 404 to a user of entity A for every record of entity B (and user B), which B reaches', async () => {
    const call = async (route: TApiRoute, kind: TRecordKind, values: TRecordValues, authorization: string) => {
      const bodySchema = inputSchemaOf(route, 'body');
      const body = kind.bodies?.[routeLabel(route)]?.(values, owner) ?? (bodySchema && sampleValue(bodySchema));
      return t.app.inject({
        method: route.method as 'GET',
        url: fillPath(route.url, (param) => String(values[param])),
        headers: { authorization },
        ...(body ? { payload: body as object } : {}),
      });
    };
    const leaks: string[] = [];
    const unreached: string[] = [];
    let checked = 0;
    for (const route of t.app.apiRoutes.filter(takesId)) {
      const label = routeLabel(route);
      for (const kind of kindsOf(route).filter((candidate) => !candidate.exempt?.[label])) {
        const values = await kind.create(t.db, owner);
        // Each call on a session of its own: a route may end the session it is called on.
        const asA = await call(route, kind, values, (await openTestSession(t.db, userAId)).authorization);
        if (asA.statusCode !== 404) leaks.push(`${label} → ${asA.statusCode} ${asA.body.slice(0, 120)}`);
        if (!kind.publicViews?.includes(label)) {
          const asB = await call(route, kind, values, (await openTestSession(t.db, owner.userId)).authorization);
          if (asB.statusCode === 404) unreached.push(`${label} → 404 for B too: the factory made the wrong record`);
        }
        checked++;
      }
    }
    expect(leaks).toEqual([]);
    expect(unreached).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });
});
