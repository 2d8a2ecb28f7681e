import {
  ALLOWED_SYSTEMS,
  detectFileType,
  type TApplication,
  type TApplicationListItem,
  type TConfigurationPair,
  type TFieldError,
  type TPagedList,
  type ZApplicationInput,
  type ZApplicationSearchQuery,
} from '@mip/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import { searchPage } from '../../db/paged-search.ts';
import { applicationConfiguration, applications } from '../../db/schema/index.ts';
import { byFoldedText, matchesSearch } from '../../db/text-search.ts';
import { diffRecords, recordAudit, type TActor } from '../../http/audit.ts';
import { AppError, fieldErrors, forbidden, notFound } from '../../http/errors.ts';
import { sanitizeSvg } from '../../lib/svg.ts';
import type { TAuthContext } from '../auth/session-store.ts';
import type { TMapScope } from '../map/map.service.ts';
import {
  type TApplicationRow,
  type TApplicationWithProfile,
  toApplication,
  toApplicationListItem,
  toApplicationRecord,
  toSettingPairs,
  toSettings,
} from './applications.presenter.ts';

type TInput = z.infer<typeof ZApplicationInput>;
type TSearchQuery = z.infer<typeof ZApplicationSearchQuery>;

const COLUMNS = sql`a.*, p.name as profile_name`;
const FROM = sql`from applications a left join entity_profiles p on p.id = a.profile_id`;

/** A row read with raw SQL (snake_case) in the shape drizzle's own selects give. */
function fromSqlRow(row: Record<string, unknown>): TApplicationWithProfile {
  return {
    id: row.id as number,
    name: row.name as string,
    description: row.description as string,
    type: row.type as TApplicationRow['type'],
    withAuth: row.with_auth as boolean,
    logo: row.logo as string | null,
    url: row.url as string | null,
    profileId: row.profile_id as number | null,
    profileName: (row.profile_name as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

export function searchApplications(db: TDatabase, query: TSearchQuery): Promise<TPagedList<TApplicationListItem>> {
  return searchPage(
    db,
    {
      columns: COLUMNS,
      from: FROM,
      countFrom: sql`from applications a`,
      where: [
        query.type ? sql`a.type = ${query.type}` : undefined,
        matchesSearch(query.universalSearch, [byFoldedText(sql`a.name`), byFoldedText(sql`a.description`)]),
      ],
      sortColumns: {
        name: { expression: sql`a.name collate pt_natural` },
        type: { expression: sql`a.type` },
        updatedAt: { expression: sql`a.updated_at` },
      },
      defaultSort: 'name',
      tiebreak: sql`a.id`,
    },
    query,
    (row: Record<string, unknown>) => toApplicationListItem(fromSqlRow(row)),
  );
}

/**
 * Spec 001 §2 applications portal (GET /applications/): apps that need authentication only for a signed-in
 * caller, and an app limited to an entity type only for users whose entity is of that type.
 */
export async function listPortalApplications(
  db: TExecutor,
  auth: TAuthContext | null,
): Promise<TApplicationListItem[]> {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select ${COLUMNS} ${FROM} where ${applicationOpenSql(auth)} order by a.name collate pt_natural, a.id`,
  );
  return rows.map((row) => toApplicationListItem(fromSqlRow(row)));
}

/** Who may open an application (`a`): the portal lists exactly these, and the app itself lets in no one else. */
function applicationOpenSql(auth: TAuthContext | null) {
  return auth
    ? sql`(a.profile_id is null or a.profile_id = (select e.profile_id from entities e where e.id = ${auth.user.entityId}))`
    : sql`not a.with_auth and a.profile_id is null`;
}

/**
 * An app that needs authentication (or an entity type) opens only for those the portal shows it to:
 * a visitor is asked to sign in (401), a user of another entity type is refused (403).
 */
export async function assertApplicationOpen(db: TExecutor, auth: TAuthContext | null, appId: number): Promise<void> {
  const { rows } = await db.execute<{ open: boolean }>(
    sql`select ${applicationOpenSql(auth)} as open from applications a where a.id = ${appId}`,
  );
  if (!rows[0]) throw notFound();
  if (rows[0].open) return;
  throw auth
    ? forbidden('This application is not open to your entity')
    : new AppError('UNAUTHORIZED', { message: 'Sign in to open this application' });
}

async function readRow(db: TExecutor, id: number): Promise<TApplicationWithProfile> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`select ${COLUMNS} ${FROM} where a.id = ${id}`);
  if (!rows[0]) throw notFound();
  return fromSqlRow(rows[0]);
}

async function readPairs(db: TExecutor, id: number): Promise<TConfigurationPair[]> {
  return db
    .select({ name: applicationConfiguration.name, value: applicationConfiguration.value })
    .from(applicationConfiguration)
    .where(eq(applicationConfiguration.applicationId, id));
}

export async function readApplication(db: TExecutor, id: number): Promise<TApplication> {
  const row = await readRow(db, id);
  return toApplication(row, await readPairs(db, id));
}

/** The logo's bytes and type, for the menu of a vertical app (GET /applications/{id}/logo). */
export async function readApplicationLogo(db: TExecutor, id: number): Promise<{ type: string; bytes: Buffer }> {
  const [row] = await db.select({ logo: applications.logo }).from(applications).where(eq(applications.id, id));
  const match = row?.logo ? /^data:([^;]+);base64,(.*)$/.exec(row.logo) : null;
  if (!match) throw notFound();
  return { type: match[1], bytes: Buffer.from(match[2], 'base64') };
}

/**
 * Security-relevant: a logo is shown to every visitor of the portal. Its bytes must be a PNG, a JPEG or
 * an SVG whatever its header says, and an SVG is sanitised like every icon; null when refused.
 */
export function cleanLogo(dataUrl: string): string | null {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const type = detectFileType(bytes);
  if (type === 'png' || type === 'jpeg') return `data:image/${type};base64,${bytes.toString('base64')}`;
  if (type !== 'svg') return null;
  const svg = sanitizeSvg(bytes.toString('utf8'));
  return svg === null ? null : `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

async function checkInput(db: TExecutor, input: TInput) {
  const errors: TFieldError[] = [];
  const logo = input.logo === null ? null : cleanLogo(input.logo);
  if (input.logo !== null && logo === null) errors.push({ property: 'logo', error: 'INVALID_LOGO' });
  if (input.profileId !== null) {
    const { rows } = await db.execute(sql`select 1 from entity_profiles where id = ${input.profileId}`);
    if (rows.length === 0) errors.push({ property: 'profileId', error: 'INVALID_PROFILE' });
  }
  const settings = input.type === 'VERTICAL_APP_BASED' ? (input.settings ?? defaultSettings()) : null;
  if (settings && settings.allowedGroups.length > 0) {
    const { rows } = await db.execute<{ id: number }>(
      sql`select id from mobility_system_groups where id = any(${sql.param(settings.allowedGroups)}::int[])`,
    );
    if (rows.length !== settings.allowedGroups.length)
      errors.push({ property: 'settings.allowedGroups', error: 'INVALID_GROUP' });
  }
  if (errors.length > 0) throw fieldErrors(errors);
  const columns = {
    name: input.name,
    description: input.description ?? '',
    type: input.type,
    withAuth: input.withAuth,
    logo,
    // A vertical app lives at /app/{id}/: a url would never be opened.
    url: input.type === 'VERTICAL_APP_BASED' ? null : input.url,
    profileId: input.profileId,
  };
  return { columns, settings };
}

const defaultSettings = () => ({
  appTitle: null,
  defaultColor: null,
  baseMapUrl: null,
  baseMapAttribution: null,
  allowedSystems: [...ALLOWED_SYSTEMS],
  allowedGroups: [],
  mapCenter: null,
  mapZoom: null,
});

async function replacePairs(tx: TExecutor, id: number, pairs: TConfigurationPair[]) {
  await tx.delete(applicationConfiguration).where(eq(applicationConfiguration.applicationId, id));
  if (pairs.length > 0) {
    await tx.insert(applicationConfiguration).values(pairs.map((pair) => ({ applicationId: id, ...pair })));
  }
}

export async function createApplication(db: TDatabase, input: TInput, actor: TActor): Promise<TApplication> {
  const { columns, settings } = await checkInput(db, input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(applications).values(columns).returning();
    const pairs = settings ? toSettingPairs(settings) : [];
    await replacePairs(tx, row.id, pairs);
    await recordAudit(tx, actor, {
      action: 'CREATE',
      recordType: 'application',
      recordId: row.id,
      after: toApplicationRecord(row, settings ? toSettings(pairs) : null),
    });
    return readApplication(tx, row.id);
  });
}

export async function updateApplication(
  db: TDatabase,
  id: number,
  input: TInput,
  actor: TActor,
): Promise<TApplication> {
  const { columns, settings } = await checkInput(db, input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
    if (!before) throw notFound();
    const beforePairs = await readPairs(tx, id);
    const [after] = await tx
      .update(applications)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(applications.id, id))
      .returning();
    const pairs = settings ? toSettingPairs(settings) : [];
    await replacePairs(tx, id, pairs);
    const settingsOf = (row: TApplicationRow, rowPairs: TConfigurationPair[]) =>
      row.type === 'VERTICAL_APP_BASED' ? toSettings(rowPairs) : null;
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      recordType: 'application',
      recordId: id,
      ...diffRecords(
        toApplicationRecord(before, settingsOf(before, beforePairs)),
        toApplicationRecord(after, settingsOf(after, pairs)),
      ),
    });
    return readApplication(tx, id);
  });
}

/** Its configuration pairs go with it (ON DELETE CASCADE); nothing else points at an application. */
export async function deleteApplication(db: TDatabase, id: number, actor: TActor): Promise<void> {
  await db.transaction(async (tx) => {
    const beforePairs = await readPairs(tx, id);
    const [before] = await tx.delete(applications).where(eq(applications.id, id)).returning();
    if (!before) throw notFound();
    await recordAudit(tx, actor, {
      action: 'DELETE',
      recordType: 'application',
      recordId: id,
      before: toApplicationRecord(before, before.type === 'VERTICAL_APP_BASED' ? toSettings(beforePairs) : null),
    });
  });
}

/**
 * What the map of /app/{id}/ may show: a vertical app's incident kinds and groups; any other application
 * shows the platform's map, whose allowed kinds come from the platform's configuration. 404 when unknown.
 */
export async function readApplicationMapScope(db: TExecutor, id: number): Promise<TMapScope> {
  const row = await readRow(db, id);
  if (row.type !== 'VERTICAL_APP_BASED') return { groupIds: null, incidentKinds: ALLOWED_SYSTEMS };
  const settings = toSettings(await readPairs(db, id));
  return {
    groupIds: settings.allowedGroups.length > 0 ? settings.allowedGroups : null,
    incidentKinds: settings.allowedSystems,
  };
}
