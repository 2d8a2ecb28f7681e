import { readConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrateDatabase } from './migrate.ts';

/** `npm run db:migrate`: applies the migrations to DATABASE_URL, or to the embedded database. */
const config = readConfig();
const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir);
const db = openDatabase(config.databaseUrl ?? embedded!.url('mip'));
await migrateDatabase(db);
await db.$client.end();
await embedded?.stop();
console.log('Migrations applied.');
