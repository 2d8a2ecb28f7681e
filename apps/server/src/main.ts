import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { startEmbeddedPostgres, type TEmbeddedDatabase } from './db/embedded.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createMailer } from './mail/mailer.ts';
import { startDefaultMqttBroker } from './modules/iot-queues/embedded-broker.ts';
import { isFirstRun, loadDemoData, type TFirstRunCredentials } from './seed/demo-data.ts';
import { loadReferenceData } from './seed/reference-data.ts';

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
  const config = readConfig();
  let embedded: TEmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, {
      log: (line) => {
        if (/FATAL|PANIC|ERROR/.test(line)) console.error(`[postgres] ${line}`);
      },
    });
    databaseUrl = embedded.url('mip');
  }
  const db = openDatabase(databaseUrl);
  await migrateDatabase(db);
  await loadReferenceData(db);
  const credentials = (await isFirstRun(db)) ? await loadDemoData(db, config) : null;

  // Before the app, so the demo queue's consumer finds its broker on its first attempt.
  const mqttBroker = await startDefaultMqttBroker(config.mqttBrokerPort, (line) => console.log(line));
  const app = await buildApp({
    db,
    config,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: (message) => console.log(message) }),
    logger: { level: config.logLevel },
  });

  let isClosing = false;
  const close = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close().catch(() => {});
    await mqttBroker?.close().catch(() => {});
    await db.$client.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  printCredentials(config.publicUrl, credentials);
}

main().catch((error) => {
  console.error('The platform could not start:', error);
  process.exit(1);
});
