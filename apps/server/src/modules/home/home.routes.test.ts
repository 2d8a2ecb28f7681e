import { randomBytes } from 'node:crypto';
import type { TEventPriority, TEventStatus, TGtfsJobStatus, THomeWork } from '@mip/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEventCategory, createEventRow } from '../../../test/event-factories.ts';
import { createEntity, createUser, openTestSession } from '../../../test/factories.ts';
import { createMobilityGroup } from '../../../test/mobility-factories.ts';
import { createReportFile } from '../../../test/report-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { eventRequests, gtfsImportJobs, reportJobs, reportTemplates } from '../../db/schema/index.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');
const DAY_MS = 24 * 60 * 60 * 1000;

/** One entity's world: its staff (limited to it, as the demo users), a report category and a network of its own. */
interface TEntityWorld {
  entityId: number;
  categoryId: number;
  groupId: number;
  /** MANAGE_EVENTS, IMPORT_GTFS_FILE and GENERATE_REPORTS. */
  staff: TCaller & { userId: number };
}

async function createWorld(): Promise<TEntityWorld> {
  const entity = await createEntity(t.db);
  const user = await createUser(t.db, {
    entityId: entity.id,
    entitiesAccessList: [entity.id],
    permissions: ['MANAGE_EVENTS', 'IMPORT_GTFS_FILE', 'GENERATE_REPORTS'],
  });
  const category = await createEventCategory(t.db, { allocatedToEntityId: entity.id });
  const group = await createMobilityGroup(t.db, { entityId: entity.id });
  const session = await openTestSession(t.db, user.id);
  return {
    entityId: entity.id,
    categoryId: category.id,
    groupId: group.id,
    staff: { ...callerOf(t, session.authorization), userId: user.id },
  };
}

async function createRequest(world: TEntityWorld, status: 'PENDING' | 'ACCEPTED' | 'REJECTED' = 'PENDING') {
  const [row] = await t.db
    .insert(eventRequests)
    .values({
      categoryId: world.categoryId,
      participantName: 'Joana Silva',
      participantEmail: 'joana.silva@example.pt',
      title: `Buraco ${unique()}`,
      description: 'Junto à paragem',
      status,
    })
    .returning();
  return row;
}

const createEvent = (world: TEntityWorld, priority: TEventPriority, status: TEventStatus = 'OPEN') =>
  createEventRow(t.db, { categoryId: world.categoryId, entityId: world.entityId, priority, status });

async function createImport(world: TEntityWorld, status: TGtfsJobStatus) {
  const [row] = await t.db
    .insert(gtfsImportJobs)
    .values({ groupId: world.groupId, status, fileName: `feed-${unique()}.zip`, fileSize: 1 })
    .returning();
  return row;
}

async function createReportJob(userId: number, values: { status: 'DONE' | 'RUNNING'; finishedAt?: Date }) {
  const [template] = await t.db
    .insert(reportTemplates)
    .values({ name: `Relatório ${unique()}`, category: 'OTHERS', query: 'select 1 as "Um"' })
    .returning();
  const file = await createReportFile(t.db, userId);
  const [job] = await t.db
    .insert(reportJobs)
    .values({
      templateId: template.id,
      requestedBy: userId,
      format: 'CSV',
      status: values.status,
      fileId: values.status === 'DONE' ? file.id : null,
      finishedAt: values.finishedAt ?? null,
    })
    .returning();
  return job;
}

async function readWork(caller: TCaller): Promise<THomeWork> {
  const response = await caller.get('/home/work');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const idsOf = (section: { items: { id: number }[] } | undefined) => section?.items.map((item) => item.id);

let porto: TEntityWorld;
let gaia: TEntityWorld;

beforeAll(async () => {
  [porto, gaia] = [await createWorld(), await createWorld()];
});

describe('GET /api/home/work', () => {
  it('requires authentication', async () => {
    const response = await callerOf(t, '').get('/home/work');
    expect(response.statusCode).toBe(401);
  });

  it('shows the requests waiting for the caller’s entity, newest first, and none of another entity’s', async () => {
    const world = await createWorld();
    const older = await createRequest(world);
    const newer = await createRequest(world);
    await createRequest(world, 'ACCEPTED');
    await createRequest(world, 'REJECTED');
    const elsewhere = await createRequest(porto);

    const work = await readWork(world.staff);

    expect(work.eventRequests?.total).toBe(2);
    expect(idsOf(work.eventRequests)).toEqual([newer.id, older.id]);
    expect(idsOf((await readWork(porto.staff)).eventRequests)).toContain(elsewhere.id);
    expect(idsOf((await readWork(gaia.staff)).eventRequests)).not.toContain(elsewhere.id);
  });

  it('shows the live events of the caller’s entity by priority, with a count of each', async () => {
    const world = await createWorld();
    const low = await createEvent(world, 'LOW', 'IN_PROGRESS');
    const critical = await createEvent(world, 'CRITICAL');
    const high = await createEvent(world, 'HIGH', 'PENDING');
    const secondHigh = await createEvent(world, 'HIGH');
    await createEvent(world, 'CRITICAL', 'RESOLVED');
    await createEvent(world, 'CRITICAL', 'CLOSED');
    const other = await createWorld();
    await createEvent(other, 'CRITICAL');

    const { events } = await readWork(world.staff);

    expect(events?.total).toBe(4);
    expect(events?.byPriority).toEqual({ LOW: 1, NORMAL: 0, HIGH: 2, CRITICAL: 1 });
    expect(idsOf(events)?.[0]).toBe(critical.id);
    expect(idsOf(events)?.slice(1, 3).sort()).toEqual([high.id, secondHigh.id].sort());
    expect(idsOf(events)?.[3]).toBe(low.id);
    const { events: othersEvents } = await readWork(other.staff);
    expect(othersEvents?.total).toBe(1);
    expect(othersEvents?.byPriority).toEqual({ LOW: 0, NORMAL: 0, HIGH: 0, CRITICAL: 1 });
  });

  it('answers at most five records of a section, and the total of all of them', async () => {
    const world = await createWorld();
    const requests = [];
    for (let index = 0; index < 7; index++) requests.push(await createRequest(world));
    for (let index = 0; index < 6; index++) await createEvent(world, 'NORMAL');

    const work = await readWork(world.staff);

    expect(work.eventRequests?.total).toBe(7);
    expect(idsOf(work.eventRequests)).toEqual(
      requests
        .slice(2)
        .map((request) => request.id)
        .reverse(),
    );
    expect(work.events?.total).toBe(6);
    expect(work.events?.items).toHaveLength(5);
    expect(work.events?.byPriority.NORMAL).toBe(6);
  });

  it('shows imports under way and failed ones still their group’s latest, only of the caller’s networks', async () => {
    const world = await createWorld();
    const running = await createImport(world, 'IMPORTING');
    const waiting = await createImport(world, 'VALIDATED');
    const secondGroup = await createMobilityGroup(t.db, { entityId: world.entityId });
    const superseded = await createImport({ ...world, groupId: secondGroup.id }, 'FAILED');
    await createImport({ ...world, groupId: secondGroup.id }, 'SUCCEEDED');
    const thirdGroup = await createMobilityGroup(t.db, { entityId: world.entityId });
    const invalid = await createImport({ ...world, groupId: thirdGroup.id }, 'INVALID');
    const other = await createWorld();
    const othersFailure = await createImport(other, 'FAILED');

    const { gtfsImports } = await readWork(world.staff);

    expect(gtfsImports?.total).toBe(3);
    expect(idsOf(gtfsImports)).toEqual([invalid.id, waiting.id, running.id]);
    expect(idsOf(gtfsImports)).not.toContain(superseded.id);
    expect(idsOf(gtfsImports)).not.toContain(othersFailure.id);
    expect(idsOf((await readWork(other.staff)).gtfsImports)).toEqual([othersFailure.id]);
  });

  it("shows the caller's own reports finished this week, not older ones nor anyone else's", async () => {
    const world = await createWorld();
    const ready = await createReportJob(world.staff.userId, { status: 'DONE', finishedAt: new Date() });
    await createReportJob(world.staff.userId, { status: 'DONE', finishedAt: new Date(Date.now() - 8 * DAY_MS) });
    await createReportJob(world.staff.userId, { status: 'RUNNING' });
    const colleague = await createWorld();
    await createReportJob(colleague.staff.userId, { status: 'DONE', finishedAt: new Date() });

    const { reports } = await readWork(world.staff);

    expect(reports?.total).toBe(1);
    expect(idsOf(reports)).toEqual([ready.id]);
  });

  it('leaves out the sections whose lists the caller may not open', async () => {
    const user = await createUser(t.db, { entityId: porto.entityId, entitiesAccessList: [porto.entityId] });
    await createRequest(porto);
    await createEvent(porto, 'CRITICAL');
    await createImport(porto, 'IMPORTING');
    const caller = callerOf(t, (await openTestSession(t.db, user.id)).authorization);

    expect(await readWork(caller)).toEqual({});

    const reporter = await createUser(t.db, { entityId: porto.entityId, permissions: ['MANAGE_REPORTS'] });
    const reporterWork = await readWork(callerOf(t, (await openTestSession(t.db, reporter.id)).authorization));
    expect(Object.keys(reporterWork)).toEqual(['reports']);
  });
});
