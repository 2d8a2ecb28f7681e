import { ACCOUNTS, apiAs, capture, expect, MOBILE, storeLanguage, test } from '../support/fixtures.ts';

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
    const tree = (await (await request.get('/api/mobility-system-groups/tree')).json()) as {
      id: number;
      name: string;
    }[];
    const metro = tree.find((group) => group.name === 'Metro do Porto');
    if (!metro) throw new Error('the demo network group is missing');
    const name = `Interface do Bolhão ${Date.now().toString(36)}`;
    const created = await admin.post('/api/mobility-systems', {
      name,
      systemType: 'STOP',
      parentId: metro.id,
      geometry: { type: 'Point', coordinates: [-8.6057, 41.1496] },
      dashboardId: dashboard.id,
    });
    expect(created.ok(), await created.text()).toBeTruthy();

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
});
