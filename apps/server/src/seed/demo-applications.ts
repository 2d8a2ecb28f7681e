import { type TApplicationInput, ZApplicationInput } from '@mip/shared';
import { eq } from 'drizzle-orm';
import type { TDatabase } from '../db/database.ts';
import { applicationConfiguration, applications, mobilitySystemGroups } from '../db/schema/index.ts';
import { toSettingPairs } from '../modules/applications/applications.presenter.ts';
import { cleanLogo } from '../modules/applications/applications.service.ts';
import { DEMO_GROUP_NAME } from '../modules/gtfs/demo-feed.ts';

type TExecutor = Pick<TDatabase, 'insert' | 'select'>;

const svgLogo = (markup: string) => `data:image/svg+xml;base64,${Buffer.from(markup).toString('base64')}`;

/** A plain "M" on the network's blue: a stand-in, not the operator's trademark. */
const METRO_LOGO = svgLogo(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1E5AA8"/>' +
    '<path d="M14 48V16h8l10 16 10-16h8v32h-8V30l-10 15-10-15v18z" fill="#fff"/></svg>',
);
const OPEN_DATA_LOGO = svgLogo(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2f9e44"/>' +
    '<rect x="14" y="34" width="8" height="16" fill="#fff"/><rect x="28" y="24" width="8" height="26" fill="#fff"/>' +
    '<rect x="42" y="14" width="8" height="36" fill="#fff"/></svg>',
);

/**
 * The portal's demo: Metro do Porto as a vertical app (its own title, colour, logo and centre, only its
 * network on the map), Porto's open data portal (where the city publishes mobility data) for everyone,
 * and the national transport regulator's site listed only to signed-in staff.
 */
function demoApplications(metroGroupId: number | null): TApplicationInput[] {
  return [
    {
      name: 'Metro do Porto',
      description: 'As linhas e estações do Metro do Porto e as ocorrências que as afetam, num mapa só da rede.',
      type: 'VERTICAL_APP_BASED',
      withAuth: false,
      logo: METRO_LOGO,
      settings: {
        appTitle: 'Metro do Porto',
        defaultColor: '#1E5AA8',
        allowedSystems: ['EVENT', 'FUTURE_EVENT'],
        allowedGroups: metroGroupId === null ? [] : [metroGroupId],
        mapCenter: { lat: 41.1685, lng: -8.6291 },
        mapZoom: 12,
      },
    },
    {
      name: 'Dados abertos do Porto',
      description: 'O portal de dados abertos da cidade do Porto: mobilidade, ambiente e serviços urbanos.',
      type: 'EXTERNAL_URL_APP',
      withAuth: false,
      logo: OPEN_DATA_LOGO,
      url: 'https://opendata.porto.digital/',
    },
    {
      name: 'IMT — Instituto da Mobilidade e dos Transportes',
      description: 'O regulador nacional dos transportes: legislação, licenciamento e estatísticas.',
      type: 'EXTERNAL_URL_APP',
      withAuth: true,
      url: 'https://www.imt-ip.pt/',
    },
  ];
}

export async function seedDemoApplications(tx: TExecutor): Promise<void> {
  const [metro] = await tx
    .select({ id: mobilitySystemGroups.id })
    .from(mobilitySystemGroups)
    .where(eq(mobilitySystemGroups.name, DEMO_GROUP_NAME));
  for (const input of demoApplications(metro?.id ?? null)) {
    const application = ZApplicationInput.parse(input);
    const [row] = await tx
      .insert(applications)
      .values({
        name: application.name,
        description: application.description ?? '',
        type: application.type,
        withAuth: application.withAuth,
        logo: application.logo === null ? null : cleanLogo(application.logo),
        url: application.url,
        profileId: application.profileId,
      })
      .returning({ id: applications.id });
    const pairs = application.settings ? toSettingPairs(application.settings) : [];
    if (pairs.length > 0) {
      await tx.insert(applicationConfiguration).values(pairs.map((pair) => ({ applicationId: row.id, ...pair })));
    }
  }
}
