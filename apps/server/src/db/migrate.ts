import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { SERVER_ROOT } from '../config.ts';
import { installJobSchema } from '../jobs/job-schema.ts';
import type { TDatabase } from './database.ts';

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

/** Applies the committed migrations, then installs or upgrades pg-boss's schema; safe to run at every start. */
export async function migrateDatabase(db: TDatabase): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await installJobSchema(db.$client);
}
