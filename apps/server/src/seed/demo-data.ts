import { randomInt } from 'node:crypto';
import { nifCheckDigit, PERMISSIONS, type TPermission } from '@mip/shared';
import type { TServerConfig } from '../config.ts';
import type { TDatabase } from '../db/database.ts';
import { entities, entityProfileRoles, entityProfiles, roles, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/password-hash.ts';
import { seedDemoEvents } from '../modules/events/demo-events.ts';
import { seedDemoNetwork } from '../modules/gtfs/demo-feed.ts';
import { gtfsUploadDir } from '../modules/gtfs/gtfs-jobs.ts';
import { seedDemoIotQueue } from '../modules/iot-queues/demo-queue.ts';
import { seedDemoApplications } from './demo-applications.ts';
import { seedDemoDashboards } from './demo-dashboards.ts';

export interface TFirstRunCredentials {
  admin: { email: string; password: string; generated: boolean };
  demo: { emails: string[]; password: string; generated: boolean } | null;
}

const OPERATOR: TPermission[] = [
  'READ_OWN_ENTITY',
  'READ_USER',
  'MANAGE_EVENTS',
  'WRITE_EVENT',
  'MANAGE_EVENT_CATEGORIES',
  'WRITE_MOBILITY_GROUP',
  'WRITE_MOBILITY_SYSTEM',
  'IMPORT_GTFS_FILE',
  'READ_DASHBOARD',
  'MANAGE_DASHBOARDS',
  'GENERATE_REPORTS',
];
const TRANSPORT_OPERATOR: TPermission[] = [
  'READ_OWN_ENTITY',
  'WRITE_MOBILITY_SYSTEM',
  'IMPORT_GTFS_FILE',
  'READ_DASHBOARD',
];
const READ_ONLY: TPermission[] = ['READ_OWN_ENTITY', 'READ_DASHBOARD', 'GENERATE_REPORTS'];

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A password that meets the platform's own rule: 18 characters, every class present. */
export function generatePassword(): string {
  const pick = (chars: string) => chars[randomInt(chars.length)];
  let password = `${pick('ABCDEFGHJKLMNPQRSTUVWXYZ')}${pick('abcdefghijkmnopqrstuvwxyz')}${pick('23456789')}${pick('-_.!')}`;
  while (password.length < 18) password += pick(ALPHABET);
  return password;
}

/** A made-up but valid NIPC (legal person numbers start with 5), stable per seed. */
function demoNif(seed: number): string {
  const firstEight = `5${String(10_000_000 + seed * 7_919).slice(-7)}`;
  return `${firstEight}${nifCheckDigit(firstEight)}`;
}

export async function isFirstRun(db: TDatabase): Promise<boolean> {
  const { rows } = await db.$client.query('select exists(select 1 from users) as has_users');
  return !rows[0].has_users;
}

/**
 * First run only: the administrator, and unless DEMO_DATA=false a small
 * Portuguese setting — a municipality with departments, a transport operator,
 * three roles and a user in each — so a newcomer has something to look at.
 */
export async function loadDemoData(
  db: TDatabase,
  config: TServerConfig,
  env = process.env,
): Promise<TFirstRunCredentials> {
  const adminPassword = config.adminPassword ?? generatePassword();
  const adminEmail = (config.adminEmail ?? 'admin@mobilidade.example').toLowerCase();
  const demoPassword = env.DEMO_PASSWORD || generatePassword();
  const [adminHash, demoHash] = await Promise.all([hashPassword(adminPassword), hashPassword(demoPassword)]);

  return db.transaction(async (tx) => {
    const [adminRole, operatorRole, transportRole, readOnlyRole] = await tx
      .insert(roles)
      .values([
        { name: 'Administrador', description: 'Gere toda a plataforma', permissions: [...PERMISSIONS] },
        { name: 'Operador', description: 'Gere ocorrências, sistemas e dashboards', permissions: OPERATOR },
        {
          name: 'Operador de transportes',
          description: 'Mantém a rede e os horários do operador',
          permissions: TRANSPORT_OPERATOR,
        },
        { name: 'Consulta', description: 'Consulta dashboards e a sua entidade', permissions: READ_ONLY },
      ])
      .returning({ id: roles.id });

    if (!config.loadDemoData) {
      const [root] = await tx.insert(entities).values({ name: 'Entidade principal' }).returning({ id: entities.id });
      await tx.insert(users).values({
        name: 'Administrador',
        email: adminEmail,
        passwordHash: adminHash,
        entityId: root.id,
        roleId: adminRole.id,
      });
      return { admin: { email: adminEmail, password: adminPassword, generated: !config.adminPassword }, demo: null };
    }

    const [municipality, operator, security] = await tx
      .insert(entityProfiles)
      .values([
        { name: 'Município', description: 'Câmaras municipais e os seus serviços' },
        { name: 'Operador de transportes', description: 'Empresas de transporte público' },
        { name: 'Forças de segurança', description: 'Polícia e proteção civil' },
      ])
      .returning({ id: entityProfiles.id });
    await tx.insert(entityProfileRoles).values([
      ...[adminRole, operatorRole, transportRole, readOnlyRole].map((r) => ({
        profileId: municipality.id,
        roleId: r.id,
      })),
      { profileId: operator.id, roleId: transportRole.id },
      { profileId: operator.id, roleId: readOnlyRole.id },
      { profileId: security.id, roleId: operatorRole.id },
      { profileId: security.id, roleId: readOnlyRole.id },
    ]);

    const porto = { districtId: '13', countyId: '1312' };
    const [cm] = await tx
      .insert(entities)
      .values({
        name: 'Câmara Municipal do Porto',
        vatNumber: demoNif(1),
        profileId: municipality.id,
        email: 'geral@cm-porto.example',
        phone: '+351 220 000 000',
        address: 'Praça General Humberto Delgado',
        postalCode: '4049-001',
        ...porto,
      })
      .returning({ id: entities.id });
    const [mobility, police, metro] = await tx
      .insert(entities)
      .values([
        {
          name: 'Direção Municipal de Mobilidade e Transportes',
          profileId: municipality.id,
          parentId: cm.id,
          email: 'mobilidade@cm-porto.example',
          ...porto,
        },
        {
          name: 'Polícia Municipal do Porto',
          profileId: security.id,
          parentId: cm.id,
          email: 'policia.municipal@cm-porto.example',
          ...porto,
        },
        {
          name: 'Metro do Porto, S.A.',
          vatNumber: demoNif(2),
          profileId: operator.id,
          email: 'informacoes@metro-porto.example',
          address: 'Avenida Fernão de Magalhães, 1862',
          postalCode: '4350-158',
          ...porto,
        },
      ])
      .returning({ id: entities.id });

    const demoUsers = [
      { name: 'Ana Ferreira', email: 'operador@mobilidade.example', entityId: mobility.id, roleId: operatorRole.id },
      { name: 'Rui Carvalho', email: 'consulta@mobilidade.example', entityId: police.id, roleId: readOnlyRole.id },
      { name: 'Marta Sousa', email: 'metro@mobilidade.example', entityId: metro.id, roleId: transportRole.id },
    ];
    const [admin] = await tx
      .insert(users)
      .values([
        {
          name: 'Administrador da Plataforma',
          email: adminEmail,
          passwordHash: adminHash,
          entityId: cm.id,
          roleId: adminRole.id,
        },
        ...demoUsers.map((user) => ({ ...user, passwordHash: demoHash, entitiesAccessList: [user.entityId] })),
      ])
      .returning({ id: users.id });
    // Each operator edits its own network; the municipal sensors are its mobility department's.
    await seedDemoNetwork(tx, gtfsUploadDir(config.uploadDir), metro.id);
    await seedDemoEvents(tx, { mobility: mobility.id, police: police.id, metro: metro.id });
    await seedDemoDashboards(tx, admin.id);
    await seedDemoIotQueue(tx, config.mqttUrl, mobility.id);
    await seedDemoApplications(tx);
    return {
      admin: { email: adminEmail, password: adminPassword, generated: !config.adminPassword },
      demo: { emails: demoUsers.map((u) => u.email), password: demoPassword, generated: !env.DEMO_PASSWORD },
    };
  });
}
