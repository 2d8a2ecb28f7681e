import { readConfig } from './config.ts';
import { StartRefusedError, startEmbeddedPostgres, type TEmbeddedDatabase } from './db/embedded.ts';
import { superviseEmbeddedPostgres } from './db/embedded-supervisor.ts';
import { returnFreedMemory } from './lib/freed-memory.ts';
import { speedUpModuleLoading } from './lib/module-loading.ts';
import { createShutdown } from './lib/shutdown.ts';
import type { TFirstRunCredentials } from './seed/demo-data.ts';

/**
 * The server's own modules (the database schema among them) take about a
 * second to load: they load while the embedded PostgreSQL boots (another
 * process), so a start waits for the longer of the two rather than their sum.
 * Only what starts PostgreSQL is imported before.
 */
function loadServerModules() {
  return Promise.all([
    import('./app.ts'),
    import('./db/database.ts'),
    import('./db/migrate.ts'),
    import('./mail/mailer.ts'),
    import('./modules/iot-queues/embedded-broker.ts'),
    import('./seed/demo-data.ts'),
    import('./seed/reference-data.ts'),
    import('./modules/help/help-seed.ts'),
  ]);
}

function printCredentials(url: string, credentials: TFirstRunCredentials | null) {
  const lines = [`The platform is running at ${url}`, `API documentation: ${url}/api/docs`];
  if (credentials) {
    lines.push('', 'First run: the database was created and the demo data loaded.');
    lines.push(`Administrator: ${credentials.admin.email}`);
    lines.push(
      credentials.admin.generated
        ? `Password:      ${credentials.admin.password}   (generated; shown only now — set ADMIN_PASSWORD to choose it)`
        : 'Password:      the one given in ADMIN_PASSWORD',
    );
    if (credentials.demo) {
      lines.push(`Demo users:    ${credentials.demo.emails.join(', ')}`);
      lines.push(
        credentials.demo.generated
          ? `Their password: ${credentials.demo.password}   (generated; set DEMO_PASSWORD to choose it)`
          : 'Their password: the one given in DEMO_PASSWORD',
      );
    }
  }
  const width = Math.max(...lines.map((line) => line.length)) + 2;
  console.log(`\n┌${'─'.repeat(width)}┐`);
  for (const line of lines) console.log(`│ ${line.padEnd(width - 1)}│`);
  console.log(`└${'─'.repeat(width)}┘\n`);
}

async function main() {
  // V8's compiled code for the ~900 modules the server loads is kept on disk (every start after the first
  // skips most of their compiling), and drizzle-orm's files skip their package lookups. Before the imports
  // below, so they benefit.
  speedUpModuleLoading();
  const config = readConfig();
  const modules = loadServerModules();
  // Should PostgreSQL fail first, the error said is its own, not an unhandled rejection of the loading.
  modules.catch(() => {});
  let embedded: TEmbeddedDatabase | null = null;
  const shutdown = createShutdown({
    timeoutSeconds: config.shutdownTimeoutSeconds,
    log: (message) => console.error(message),
    // The embedded PostgreSQL never outlives the process, even when stopping it hangs.
    onDeadline: () => embedded?.kill(),
  });
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, {
      log: (line) => {
        // Once closing, the connections PostgreSQL ends as it stops are no news.
        if (!shutdown.isClosing() && /FATAL|PANIC|ERROR/.test(line)) console.error(`[postgres] ${line}`);
      },
    });
    const database = embedded;
    shutdown.add('the embedded PostgreSQL', () => database.stop());
    // Should it die, it is started again on the same files and port; the pools reconnect on their next query.
    // (An external DATABASE_URL is nobody's to restart: the pools reconnect once it is back.)
    const supervisor = superviseEmbeddedPostgres(database, {
      log: (message) => console.error(`[postgres] ${message}`),
    });
    // Stopped before PostgreSQL, so that stop is not taken for a death to recover from.
    shutdown.add('the embedded PostgreSQL supervisor', () => supervisor.stop());
    databaseUrl = database.url('mip');
  }
  // From here on, a signal stops what has started, in order: the app needs PostgreSQL until it (a GTFS import,
  // a report under way) has let go. (db/embedded.ts ends its servers on a signal only in a process that does
  // not handle it itself.)
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown.run('SIGINT'));
  process.on('SIGTERM', () => void shutdown.run('SIGTERM'));

  const [
    { buildApp },
    { openDatabase },
    { migrateDatabase },
    { createMailer },
    { startDefaultMqttBroker },
    { isFirstRun, loadDemoData },
    { loadReferenceData },
    { seedHelpArticles },
  ] = await modules;
  const db = openDatabase(databaseUrl);
  shutdown.add('the database pool', () => db.$client.end());
  await migrateDatabase(db);
  await loadReferenceData(db);
  const credentials = (await isFirstRun(db)) ? await loadDemoData(db, config) : null;
  // Every installation, demo or not, gets the platform's help and its updates (edited articles are kept).
  await seedHelpArticles(db);

  // Before the app, so the demo queue's consumer finds its broker on its first attempt.
  const mqttBroker = await startDefaultMqttBroker(config.mqttBrokerPort, (line) => console.log(line));
  if (mqttBroker) shutdown.add('the MQTT broker', () => mqttBroker.close());
  const app = await buildApp({
    db,
    config,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: (message) => console.log(message) }),
    logger: { level: config.logLevel },
  });
  shutdown.add('the app', () => app.close());

  // A workers-only process serves no HTTP: the API processes do (see README, "Background jobs").
  if (config.processRole === 'workers') {
    await app.ready();
    app.log.info('running the background jobs only (PROCESS_ROLE=workers)');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  printCredentials(config.publicUrl, credentials);
  // What loading the modules and seeding left behind goes back to the system now, not at V8's leisure.
  returnFreedMemory();
}

main().catch((error) => {
  console.error('The platform could not start:', error instanceof StartRefusedError ? error.message : error);
  process.exit(1);
});
