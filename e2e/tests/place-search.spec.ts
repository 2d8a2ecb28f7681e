import type { APIRequestContext } from '@playwright/test';
import { boundaryFeature, featureCollection } from '../../apps/server/test/boundary-feature.ts';
import {
  ACCOUNTS,
  capture,
  closeNotifications,
  demoStop,
  expect,
  MOBILE,
  signIn,
  test,
  useLanguage,
} from '../support/fixtures.ts';
import { mapReady, mapSettled, project } from '../support/map-canvas.ts';

/**
 * A boundary file laid out as the official map (CAOP 2024) writes it. No real
 * boundary ships with the product, so each parish's polygon is the box around
 * demo stations that lie in it.
 */
async function boundaryFile(request: APIRequestContext): Promise<Buffer> {
  const parish = async (properties: Record<string, string>, names: string[]) =>
    boundaryFeature(properties, await Promise.all(names.map((name) => demoStop(request, name))));
  const features = [
    await parish({ dtmnfr: '131203', freguesia: 'Campanhã' }, ['Campanhã', 'Contumil', 'Estádio do Dragão']),
    await parish({ dtmnfr: '131202', freguesia: 'Bonfim' }, ['Heroísmo', '24 de Agosto']),
  ];
  return Buffer.from(featureCollection(features));
}

test.describe('place search', () => {
  test('an administrator imports the parishes, and a visitor on a phone goes to Campanhã by name', async ({
    page,
    request,
    browser,
  }) => {
    // An import, then three visits (phone and desktop, both languages), each with its accessibility checks.
    test.setTimeout(240_000);
    const campanha = await Promise.all(
      ['Campanhã', 'Contumil', 'Estádio do Dragão'].map((name) => demoStop(request, name)),
    );
    const file = await boundaryFile(request);

    await signIn(page, ACCOUNTS.admin, '/configuration');
    const card = page.getByRole('region', { name: 'Limites administrativos' });
    await expect(card.getByRole('status')).toContainText('Ainda não foram importados limites');
    const chooser = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: 'Ficheiro GeoJSON' }).click();
    await (await chooser).setFiles({ name: 'caop-porto.geojson', mimeType: 'application/geo+json', buffer: file });
    await card.getByRole('button', { name: 'Importar limites' }).click();
    await expect(
      card.getByText('Elementos lidos: 2. Com área no mapa — freguesias: 2; concelhos: 1; distritos: 1.'),
    ).toBeVisible();
    await expect(card.getByRole('status').first()).toContainText('Com área no mapa: 2 de 3092 freguesias');
    await closeNotifications(page);
    await capture(page, 'place-boundaries-import-pt-PT');

    const visits = [
      { language: 'pt-PT', viewport: MOBILE, device: 'mobile' },
      { language: 'en-US', viewport: MOBILE, device: 'mobile' },
      { language: 'en-US', viewport: { width: 1366, height: 800 }, device: 'desktop' },
    ] as const;
    for (const { language, viewport, device } of visits) {
      const context = await browser.newContext({ viewport });
      const visitor = await context.newPage();
      await useLanguage(visitor, language);
      await visitor.goto('/');
      await mapReady(visitor);
      const before = await mapSettled(visitor);
      const pt = language === 'pt-PT';
      await visitor
        .getByRole('textbox', {
          name: pt
            ? 'Pesquisar paragens, linhas, outros sistemas e lugares'
            : 'Search stops, lines, other systems and places',
        })
        .fill('campanha');
      const places = visitor.getByRole('list', { name: pt ? 'Lugares' : 'Places' });
      const parish = places.getByRole('button', {
        name: pt ? /^Campanhã Freguesia · Porto, Porto/ : /^Campanhã Parish · Porto, Porto/,
      });
      await expect(parish).toBeVisible();
      // The station of that name is offered too, among the stops.
      await expect(
        visitor.getByRole('list', { name: pt ? 'Resultados da pesquisa' : 'Search results' }).getByRole('button', {
          name: /^Campanhã Metro do Porto/,
        }),
      ).toBeVisible();
      await capture(visitor, `place-search-results-${device}-${language}`);

      await parish.click();
      await expect(visitor.getByTestId('map-place-status')).toHaveText(
        pt ? 'O mapa mostra Campanhã (Freguesia, Porto, Porto).' : 'The map shows Campanhã (Parish, Porto, Porto).',
      );
      // The map has gone to the parish: closer in than it opened, with the parish's three stations on screen.
      const canvas = visitor.locator('canvas.maplibregl-canvas').first();
      await expect
        .poll(async () => {
          const view = await mapSettled(visitor);
          const size = await canvas.boundingBox();
          if (!size || !(view.zoom > before.zoom)) return false;
          return campanha.every((stop) => {
            const { x, y } = project(
              [stop.longitude, stop.latitude],
              { centre: [view.lng, view.lat], zoom: view.zoom },
              size,
            );
            return x >= 0 && x <= size.width && y >= 0 && y <= size.height;
          });
        })
        .toBe(true);
      await capture(visitor, `place-search-campanha-${device}-${language}`);
      await context.close();
    }
  });
});
