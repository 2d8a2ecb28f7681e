import type { APIRequestContext } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  demoGroup,
  expect,
  holdRequests,
  MOBILE,
  storeLanguage,
  test,
} from '../support/fixtures.ts';

/** A stop of Metro do Porto made for one test (its name made unique), with a dashboard when one is given. */
async function createMetroStop(
  request: APIRequestContext,
  name: string,
  coordinates: [number, number],
  dashboardId: number | null = null,
): Promise<string> {
  const admin = await apiAs(request, ACCOUNTS.admin);
  const metro = await demoGroup(request, 'Metro do Porto');
  const unique = `${name} ${Date.now().toString(36)}`;
  const created = await admin.post('/api/mobility-systems', {
    name: unique,
    systemType: 'STOP',
    parentId: metro.id,
    geometry: { type: 'Point', coordinates },
    dashboardId,
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return unique;
}

/**
 * Spec 001 §2 system card: "a dashboard modal". A stop linked to the public
 * demo dashboard opens it over the map, for visitors too.
 */
test.describe('a system card’s dashboard', () => {
  test('opens over the map, in Portuguese on a desktop and in English on a phone', async ({ page, request }) => {
    const admin = await apiAs(request, ACCOUNTS.admin);
    const dashboards = (await (
      await admin.get('/api/dashboards/search?universalSearch=Ocorrências e transportes')
    ).json()) as { content: { id: number; name: string }[] };
    const dashboard = dashboards.content[0];
    const name = await createMetroStop(request, 'Interface do Bolhão', [-8.6057, 41.1496], dashboard.id);

    const openCard = async (searchLabel: RegExp, resultName: RegExp) => {
      await page.goto('/');
      await page.getByRole('textbox', { name: searchLabel }).fill(name);
      await page
        .getByRole('list', { name: /Resultados da pesquisa|Search results/ })
        .getByRole('button', { name: resultName })
        .first()
        .click();
    };

    await openCard(/Pesquisar paragens/, new RegExp(`^${name}`));
    await page.getByRole('button', { name: 'Painel', exact: true }).click();
    const modal = page.getByRole('dialog', { name: dashboard.name });
    await expect(modal.getByRole('heading', { name: 'Ocorrências por categoria' })).toBeVisible();
    await expect(modal.getByRole('img', { name: /Ocorrências por categoria/ })).toBeVisible();
    await capture(page, 'map-system-dashboard-pt-PT');
    await modal
      .getByRole('button', { name: /Fechar|Close/ })
      .first()
      .click();
    await expect(modal).toHaveCount(0);

    await page.setViewportSize(MOBILE);
    await storeLanguage(page, 'en-US');
    await openCard(/Search stops/, new RegExp(`^${name}`));
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    await expect(
      page
        .getByRole('dialog', { name: dashboard.name })
        .getByRole('heading', { name: 'Passagens por linha', exact: true }),
    ).toBeVisible();
    await capture(page, 'map-system-dashboard-mobile-en-US');
  });

  test('the card’s buttons stay where they are while its departures load', async ({ page, request }) => {
    // They sat under the departures, which show a spinner and then the next passings, or nothing: the buttons
    // jumped as the answer came, and a click on "Painel" aimed before it landed on the timetable instead.
    const name = await createMetroStop(request, 'Paragem do Marquês', [-8.6048, 41.1605]);
    // The stop's timetable answers only when the test says so: the card is seen while it is on its way.
    const release = await holdRequests(page, '**/api/public-transport/schedule?*');

    await page.goto('/');
    await page.getByRole('textbox', { name: /Pesquisar paragens/ }).fill(name);
    await page
      .getByRole('list', { name: 'Resultados da pesquisa' })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .first()
      .click();
    const card = page.getByRole('complementary', { name: 'Detalhes do elemento' });
    const report = card.getByRole('button', { name: 'Reportar uma ocorrência' });
    await expect(report).toBeVisible();
    const topOf = () => report.evaluate((button) => button.getBoundingClientRect().top);
    const before = await topOf();
    release();
    await expect(card.getByText('Horários ainda não disponíveis.')).toBeVisible();
    await expect(card.getByRole('status')).toHaveCount(0);
    expect(await topOf()).toBe(before);
  });
});
