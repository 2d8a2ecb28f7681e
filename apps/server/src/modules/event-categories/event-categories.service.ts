import {
  can,
  type TEventCategory,
  type TEventCategoryListItem,
  type TFieldError,
  type TPagedList,
  type ZEventCategoryInput,
  type ZEventCategorySearchQuery,
} from '@mip/shared';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { eventCategories } from '../../db/schema/index.ts';
import { byFoldedColumn, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { deleteFailed, fieldErrors, notFound, rethrowUniqueViolation } from '../../http/errors.ts';
import { sanitizeSvg } from '../../lib/svg.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import { andEntityInScopeSql, entityInScopeSql, type TScopeSubject } from '../entities/entity-scope.ts';
import { IS_VISIBLE_TO_PUBLIC_SQL } from '../events/events.service.ts';
import {
  iconMarkupOf,
  type TEventCategoryRow,
  toEventCategory,
  toEventCategoryListItem,
  toEventCategoryRecord,
} from './event-categories.presenter.ts';

type TCategoryInput = z.infer<typeof ZEventCategoryInput>;
type TCategorySearchQuery = z.infer<typeof ZEventCategorySearchQuery>;

/** Staff see every active category (and, in the search, inactive ones); visitors only what they may report. */
export function isCategoryStaff(auth: TAuthContext | null): boolean {
  return can(auth, { any: ['MANAGE_EVENTS', 'MANAGE_EVENT_CATEGORIES'] });
}

const CATEGORY_COLUMNS = sql`c.id, c.name, c.icon, c.category_type, c.allow_public, c.allow_geometry,
  c.allow_photo_upload, c.event_statuses, c.limit_user_type, c.status_on_origin_reply,
  c.status_on_destination_reply, c.active, c.created_at, c.updated_at,
  (select json_build_object('id', e.id, 'name', e.name) from entities e where e.id = c.allocated_to_entity_id)
    as allocated_to_entity,
  (select json_build_object('id', u.id, 'name', u.name) from users u where u.id = c.report_agent_user_id)
    as report_agent,
  (select count(*)::int from events ev where ev.category_id = c.id) as events_count`;

/** GET /event-categories/list: the pickers' categories, by name. */
export async function listEventCategories(db: TExecutor, auth: TAuthContext | null): Promise<TEventCategoryListItem[]> {
  const rows = await db
    .select({
      id: eventCategories.id,
      name: eventCategories.name,
      icon: eventCategories.icon,
      categoryType: eventCategories.categoryType,
      allowGeometry: eventCategories.allowGeometry,
      allowPhotoUpload: eventCategories.allowPhotoUpload,
    })
    .from(eventCategories)
    .where(
      and(
        eq(eventCategories.active, true),
        // Visitors: the categories they may report in, and those of the incidents the map shows them
        // (a public incident may belong to a category staff alone report in).
        isCategoryStaff(auth)
          ? undefined
          : or(
              eq(eventCategories.allowPublic, true),
              sql`exists (select 1 from events e join event_categories c on c.id = e.category_id
                           where e.category_id = ${eventCategories.id} and ${IS_VISIBLE_TO_PUBLIC_SQL})`,
            ),
      ),
    )
    .orderBy(sql`${eventCategories.name} collate pt_natural`, asc(eventCategories.id));
  return rows.map(toEventCategoryListItem);
}

/** GET /event-categories/search: visitors get the public, active ones whatever they ask for. */
export function searchEventCategories(
  db: TDatabase,
  auth: TAuthContext | null,
  query: TCategorySearchQuery,
): Promise<TPagedList<TEventCategory>> {
  const isStaff = isCategoryStaff(auth);
  const isPublic = isStaff ? query.isPublic : true;
  const active = isStaff ? query.active : true;
  return searchPage<TEventCategoryRow, TEventCategory>(
    db,
    {
      columns: CATEGORY_COLUMNS,
      from: sql`from event_categories c`,
      where: [
        isPublic === undefined ? undefined : sql`c.allow_public = ${isPublic}`,
        active === undefined ? undefined : sql`c.active = ${active}`,
        query.categoryType ? sql`c.category_type = ${query.categoryType}` : undefined,
        matchesSearch(query.universalSearch, [byFoldedColumn(sql`c.search_text`)]),
      ],
      sortColumns: {
        name: { expression: sql`c.name collate pt_natural` },
        categoryType: { expression: sql`c.category_type` },
        active: { expression: sql`c.active` },
        updatedAt: { expression: sql`c.updated_at` },
      },
      defaultSort: 'name',
      tiebreak: sql`c.id`,
    },
    query,
    (row) => toEventCategory(row, isStaff),
  );
}

export async function readEventCategory(db: TExecutor, id: number): Promise<TEventCategory> {
  const { rows } = await db.execute<TEventCategoryRow>(
    sql`select ${CATEGORY_COLUMNS} from event_categories c where c.id = ${id}`,
  );
  if (!rows[0]) throw notFound();
  return toEventCategory(rows[0]);
}

/**
 * The icon must survive sanitising; the entity (one in the caller's scope: a
 * category sends its requests to it) and the agent must exist, and
 * with an entity chosen the agent must be one of its users; a reply may only
 * move an event to one of the category's own statuses; the name is unique.
 */
async function checkCategoryInput(db: TExecutor, input: TCategoryInput, id: number | null, auth: TScopeSubject) {
  const errors: TFieldError[] = [];
  const icon = input.icon === null ? null : sanitizeSvg(iconMarkupOf(input.icon));
  if (input.icon !== null && icon === null) errors.push({ property: 'icon', error: 'INVALID_ICON' });
  const { rows } = await db.execute<{ has_entity: boolean; agent_entity_id: number | null; name_taken: boolean }>(
    sql`select exists (select 1 from entities where id = ${input.allocatedToEntityId} ${andEntityInScopeSql(auth, sql`id`)})
                 as has_entity,
               (select entity_id from users where id = ${input.reportAgentUserId}) as agent_entity_id,
               exists (select 1 from event_categories
                        where lower(f_unaccent(name)) = lower(f_unaccent(${input.name})) and id <> ${id ?? 0})
                 as name_taken`,
  );
  const found = rows[0];
  if (input.allocatedToEntityId !== null && !found.has_entity) {
    errors.push({ property: 'allocatedToEntityId', error: 'INVALID_ENTITY' });
  }
  if (
    input.reportAgentUserId !== null &&
    (found.agent_entity_id === null ||
      (input.allocatedToEntityId !== null && found.agent_entity_id !== input.allocatedToEntityId))
  ) {
    errors.push({ property: 'reportAgentUserId', error: 'INVALID_USER' });
  }
  for (const property of ['statusOnOriginReply', 'statusOnDestinationReply'] as const) {
    const status = input[property];
    if (status !== null && !input.eventStatuses.includes(status)) errors.push({ property, error: 'INVALID_STATUS' });
  }
  if (found.name_taken) errors.push({ property: 'name', error: 'DUPLICATE_NAME' });
  if (errors.length > 0) throw fieldErrors(errors);
  return { icon };
}

function toColumns(input: TCategoryInput, icon: string | null) {
  return {
    name: input.name,
    icon,
    categoryType: input.categoryType,
    allowPublic: input.allowPublic,
    allocatedToEntityId: input.allocatedToEntityId,
    reportAgentUserId: input.reportAgentUserId,
    allowGeometry: input.allowGeometry,
    allowPhotoUpload: input.allowPhotoUpload,
    eventStatuses: input.eventStatuses,
    limitUserType: input.limitUserType,
    statusOnOriginReply: input.statusOnOriginReply,
    statusOnDestinationReply: input.statusOnDestinationReply,
    active: input.active,
  };
}

const DUPLICATE_NAME = { event_categories_name_idx: { property: 'name', error: 'DUPLICATE_NAME' } };

export async function createEventCategory(
  db: TDatabase,
  input: TCategoryInput,
  auth: TScopeSubject,
  actor: TActor,
): Promise<TEventCategory> {
  return db
    .transaction(async (tx) => {
      const { icon } = await checkCategoryInput(tx, input, null, auth);
      const [category] = await tx.insert(eventCategories).values(toColumns(input, icon)).returning();
      await recordAudit(tx, actor, {
        action: 'CREATE',
        recordType: 'event_category',
        recordId: category.id,
        after: toEventCategoryRecord(category),
      });
      return readEventCategory(tx, category.id);
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_NAME));
}

/**
 * A category allocated to an entity receives that entity's requests: only a
 * manager whose scope holds the entity may change or delete it (404 for the
 * others, as if it did not exist). One allocated to nobody is everyone's.
 */
async function lockCategory(tx: TExecutor, id: number, auth: TScopeSubject) {
  const inScope = entityInScopeSql(auth, sql`${eventCategories.allocatedToEntityId}`);
  const [category] = await tx
    .select()
    .from(eventCategories)
    .where(
      and(
        eq(eventCategories.id, id),
        inScope ? or(sql`${eventCategories.allocatedToEntityId} is null`, inScope) : undefined,
      ),
    )
    .for('update');
  if (!category) throw notFound();
  return category;
}

export async function updateEventCategory(
  db: TDatabase,
  id: number,
  input: TCategoryInput,
  auth: TScopeSubject,
  actor: TActor,
): Promise<TEventCategory> {
  return db
    .transaction(async (tx) => {
      const before = await lockCategory(tx, id, auth);
      const { icon } = await checkCategoryInput(tx, input, id, auth);
      const [after] = await tx
        .update(eventCategories)
        .set({ ...toColumns(input, icon), updatedAt: sql`now()` })
        .where(eq(eventCategories.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        recordType: 'event_category',
        recordId: id,
        ...diffRecords(toEventCategoryRecord(before), toEventCategoryRecord(after)),
      });
      return readEventCategory(tx, id);
    })
    .catch((error) => rethrowUniqueViolation(error, DUPLICATE_NAME));
}

/**
 * A category with events or reports stays (they would lose their kind), and so does one a rule template
 * opens events in; deactivating it hides it instead.
 */
export async function deleteEventCategory(
  db: TDatabase,
  id: number,
  auth: TScopeSubject,
  actor: TActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockCategory(tx, id, auth);
    const { rows } = await tx.execute<{ events: number; requests: number; rules: number }>(
      sql`select (select count(*)::int from events where category_id = ${id}) as events,
                 (select count(*)::int from event_requests where category_id = ${id}) as requests,
                 (select count(*)::int from rule_templates where category_id = ${id}) as rules`,
    );
    const { events, requests, rules } = rows[0];
    const name = before.name;
    if (events > 0) {
      throw deleteFailed(`The category "${name}" has ${events} event(s); deactivate it instead`, {
        reason: 'CATEGORY_HAS_EVENTS',
        name,
        count: events,
      });
    }
    if (requests > 0) {
      throw deleteFailed(`The category "${name}" has ${requests} event request(s); deactivate it instead`, {
        reason: 'CATEGORY_HAS_REQUESTS',
        name,
        count: requests,
      });
    }
    if (rules > 0) {
      throw deleteFailed(
        `The category "${name}" is used by ${rules} rule template(s); change them or deactivate it instead`,
        {
          reason: 'CATEGORY_HAS_RULES',
          name,
          count: rules,
        },
      );
    }
    await tx.delete(eventCategories).where(eq(eventCategories.id, id));
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'event_category',
      recordId: id,
      before: toEventCategoryRecord(before),
    });
  });
}
