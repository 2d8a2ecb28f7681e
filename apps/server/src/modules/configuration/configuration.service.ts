import {
  CONFIGURATION_CATALOG,
  findConfigurationEntry,
  isHttpUrl,
  isSecretConfiguration,
  isValidColour,
  parseConfigurationValue,
  type TConfigurationPair,
  type TFieldError,
} from '@mip/shared';
import { eq, like, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { applicationConfiguration, applications, configuration, informations } from '../../db/schema/index.ts';
import { CHANGED, REDACTED, recordAudit, type TActor } from '../../http/audit.ts';
import { fieldErrors, notFound } from '../../http/errors.ts';
import { sanitizeRichHtml } from '../../lib/rich-html.ts';
import { announceConfigurationChange } from './configuration-cache.ts';

/** Stored pairs over the catalogue's defaults, so a new setting has a value before anyone saves it. */
function withDefaults(rows: TConfigurationPair[]): TConfigurationPair[] {
  const byName = new Map(CONFIGURATION_CATALOG.map((entry) => [entry.name, entry.defaultValue]));
  for (const row of rows) byName.set(row.name, row.value);
  return [...byName].map(([name, value]) => ({ name, value }));
}

export async function listPublicConfiguration(db: TDatabase): Promise<TConfigurationPair[]> {
  const rows = await db
    .select({ name: configuration.name, value: configuration.value })
    .from(configuration)
    .where(like(configuration.name, 'app.%'));
  // The catalogue also holds server-only names (a feed URL with its key): their defaults stay out too.
  const pairs = withDefaults(rows).filter((pair) => pair.name.startsWith('app.'));
  // Spec 001 §3 map configuration: the platform's own answer names no application, and its logo is the
  // product icon the configuration draws (an application's answer names its id and its own logo).
  pairs.push(
    { name: 'app.appId', value: 'null' },
    { name: 'app.defaultLogo', value: JSON.stringify('/api/configuration/public/appicon?type=SVG') },
  );
  return pairs.sort((a, b) => a.name.localeCompare(b.name));
}

/** The platform's public pairs with an application's own laid over them (spec: /app/{appId}). */
export async function listApplicationConfiguration(db: TDatabase, appId: number): Promise<TConfigurationPair[]> {
  const [app] = await db
    .select({
      id: applications.id,
      hasLogo: sql<boolean>`${applications.logo} is not null`,
      updatedAt: applications.updatedAt,
    })
    .from(applications)
    .where(eq(applications.id, appId));
  if (!app) throw notFound();
  const own = await db
    .select({ name: applicationConfiguration.name, value: applicationConfiguration.value })
    .from(applicationConfiguration)
    .where(eq(applicationConfiguration.applicationId, appId));
  const merged = new Map((await listPublicConfiguration(db)).map((pair) => [pair.name, pair.value]));
  for (const pair of own) merged.set(pair.name, pair.value);
  merged.set('app.appId', JSON.stringify(appId));
  // Spec 001 §3 defaultLogo: the app's own logo, by address (versioned, so an edited logo is fetched anew).
  if (app.hasLogo) {
    merged.set('app.defaultLogo', JSON.stringify(`/api/applications/${appId}/logo?v=${app.updatedAt.getTime()}`));
  }
  return [...merged].map(([name, value]) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name));
}

export async function listAllConfiguration(db: TDatabase): Promise<TConfigurationPair[]> {
  const rows = await db.select({ name: configuration.name, value: configuration.value }).from(configuration);
  return withDefaults(rows).sort((a, b) => a.name.localeCompare(b.name));
}

const OPTIONAL_TEXT_MAX_CHARS = 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks a value against its kind; returns an error code or null. */
export function validateConfigurationValue(name: string, value: string): string | null {
  const entry = findConfigurationEntry(name);
  if (!entry) return 'INVALID_NAME';
  const parsed = parseConfigurationValue(value);
  switch (entry.kind) {
    case 'BOOLEAN':
      return typeof parsed === 'boolean' ? null : 'INVALID_VALUE';
    case 'COLOUR':
      return typeof parsed === 'string' && isValidColour(parsed) ? null : 'INVALID_COLOUR';
    case 'EMAIL':
      return typeof parsed === 'string' && EMAIL.test(parsed) ? null : 'INVALID_EMAIL';
    case 'COUNTRY':
      return typeof parsed === 'string' && /^[A-Z]{2}$/.test(parsed) ? null : 'INVALID_VALUE';
    case 'SYSTEMS':
      return Array.isArray(parsed) && parsed.every((s) => s === 'EVENT' || s === 'FUTURE_EVENT')
        ? null
        : 'INVALID_VALUE';
    case 'TEXT':
      return typeof parsed === 'string' && parsed.trim().length > 0 && parsed.length <= 200 ? null : 'MISSING_VALUE';
    case 'OPTIONAL_TEXT':
      return typeof parsed === 'string' && parsed.length <= OPTIONAL_TEXT_MAX_CHARS ? null : 'INVALID_VALUE';
    case 'JSON':
      return parsed === value && value !== '' ? 'INVALID_VALUE' : null;
    case 'URL':
      return typeof parsed === 'string' && (parsed === '' || isHttpUrl(parsed)) && parsed.length <= 2000
        ? null
        : 'INVALID_URL';
  }
}

/** A secret's value as the audit log keeps it: only that it was set (or changed); an empty one is no secret. */
function audited(name: string, value: string, marker: string): { value: string } {
  return { value: isSecretConfiguration(name) && value !== '""' ? marker : value };
}

export async function saveConfiguration(db: TDatabase, pairs: TConfigurationPair[], actor: TActor): Promise<void> {
  const errors: TFieldError[] = [];
  pairs.forEach((pair, index) => {
    const error = validateConfigurationValue(pair.name, pair.value);
    if (error) errors.push({ property: `pairs[${index}].${error === 'INVALID_NAME' ? 'name' : 'value'}`, error });
  });
  if (errors.length > 0) throw fieldErrors(errors);
  await db.transaction(async (tx) => {
    for (const pair of pairs) {
      const [before] = await tx.select().from(configuration).where(eq(configuration.name, pair.name)).for('update');
      if (before?.value === pair.value) continue;
      await tx
        .insert(configuration)
        .values({ name: pair.name, value: pair.value })
        .onConflictDoUpdate({ target: configuration.name, set: { value: pair.value, updatedAt: sql`now()` } });
      await recordAudit(tx, actor, {
        action: before ? 'UPDATE' : 'CREATE',
        recordType: 'configuration',
        recordId: pair.name,
        before: before ? audited(pair.name, before.value, REDACTED) : null,
        after: audited(pair.name, pair.value, CHANGED),
      });
    }
    await announceConfigurationChange(tx);
  });
}

export async function readInformation(db: TDatabase, type: string): Promise<{ content: string }> {
  const [row] = await db
    .select({ content: informations.content })
    .from(informations)
    .where(eq(informations.type, type));
  return { content: row?.content ?? '' };
}

/** Highlights are shown as HTML, so they are sanitised here; announcements are plain text. */
export function cleanInformation(type: string, content: string): string {
  if (type !== 'DASHBOARD_HIGHLIGHTS') return content.trim();
  return sanitizeRichHtml(content);
}

export async function saveInformation(db: TDatabase, type: string, content: string, actor: TActor): Promise<void> {
  const clean = cleanInformation(type, content);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(informations).where(eq(informations.type, type)).for('update');
    await tx
      .insert(informations)
      .values({ type, content: clean })
      .onConflictDoUpdate({ target: informations.type, set: { content: clean, updatedAt: sql`now()` } });
    await recordAudit(tx, actor, {
      action: before ? 'UPDATE' : 'CREATE',
      recordType: 'information',
      recordId: type,
      before: before ? { content: before.content } : null,
      after: { content: clean },
    });
  });
}
