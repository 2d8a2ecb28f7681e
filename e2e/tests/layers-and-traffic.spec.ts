import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseLanguage,
  chooseOption,
  closeNotifications,
  expect,
  MOBILE,
  openFromMenu,
  signIn,
  test,
} from '../support/fixtures.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');
const WAZE_FEED = readFileSync(
  path.join(
    import.meta.dirname,
    '..',
    '..',
    'apps',
    'server',
    'test',
    'fixtures',
    'traffic',
    'waze-nyc-2019-03-22.json',
  ),
  'utf8',
);

/** A stand-in for the Waze partner feed, on this machine, answering what the test says. */
async function startFeed() {
  let body = WAZE_FEED;
  const server: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/waze.json`,
    answer: (next: string) => {
      body = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function configureTraffic(request: APIRequestContext, values: { enabled: boolean; url: string }) {
  const admin = await apiAs(request, ACCOUNTS.admin);
  const response = await admin.put('/api/configuration/', {
    pairs: [
      { name: 'app.waze.enabled', value: String(values.enabled) },
      { name: 'waze.feedUrl', value: JSON.stringify(values.url) },
    ],
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

test.describe('map layers, traffic, icons and usage statistics', () => {
  test('an extra layer is created after its errors are shown, then edited out of the public map', async ({
    page,
    request,
  }) => {
    await signIn(page, ACCOUNTS.admin);
    await openFromMenu(page, 'Configurações', 'Camadas do mapa');
    await expect(page).toHaveURL(/\/layers$/);
    await expect(page.getByRole('heading', { name: 'Trânsito (Waze for Cities)' })).toBeVisible();
    await expect(page.getByText('Não há camadas extra.', { exact: false })).toBeVisible();
    await capture(page, 'layers-pt-PT');

    await page.getByRole('link', { name: 'Nova camada' }).first().click();
    await page.getByRole('button', { name: 'Criar camada' }).click();
    await expect(page.getByText('Indique o nome')).toBeVisible();
    await expect(page.getByText('Indique o endereço')).toBeVisible();

    await page.getByLabel(/^Nome/).fill('Ortofotomapa DGT');
    await chooseOption(page, page.getByRole('combobox', { name: /^Tipo de serviço/ }), 'WMS');
    await page.getByLabel(/^Endereço/).fill('https://tiles.example/orto/{z}/{x}/{y}.png');
    await page.getByRole('button', { name: 'Criar camada' }).click();
    await expect(page.getByText('O endereço não serve este tipo', { exact: false })).toBeVisible();
    await page
      .getByLabel(/^Endereço/)
      .fill(
        'https://wms.example/ows?SERVICE=WMS&REQUEST=GetMap&LAYERS=orto&CRS=EPSG:3857&WIDTH=256&HEIGHT=256&FORMAT=image/png&BBOX={bbox-epsg-3857}',
      );
    await page.getByLabel(/^Atribuição/).fill('© Direção-Geral do Território');
    await page.locator('input[type="file"][accept*="svg"]').setInputFiles(path.join(FIXTURES, 'icone-autocarro.svg'));
    await expect(page.getByText('Ícone escolhido')).toBeVisible();
    await page.getByRole('switch', { name: /Limitar a uma área/ }).check();
    await page.getByLabel('Latitude mínima').fill('42');
    await page.getByLabel('Latitude máxima').fill('37');
    await page.getByLabel('Longitude mínima').fill('-9.5');
    await page.getByLabel('Longitude máxima').fill('-6.2');
    await page.getByRole('button', { name: 'Criar camada' }).click();
    await expect(page.getByText('Área inválida', { exact: false })).toBeVisible();
    await page.getByLabel('Latitude mínima').fill('36.9');
    await page.getByLabel('Latitude máxima').fill('42.2');
    await page.getByRole('button', { name: 'Criar camada' }).click();
    await expect(page.getByText('Camada Ortofotomapa DGT criada')).toBeVisible();
    await expect(page).toHaveURL(/\/layers\/\d+$/);
    await expect(page.locator('.maplibregl-canvas')).toBeVisible();
    await closeNotifications(page);
    await capture(page, 'layer-form-pt-PT');

    const offered = await (await request.get('/api/layers/public')).json();
    expect(offered.map((layer: { name: string }) => layer.name)).toContain('Ortofotomapa DGT');

    // A second layer with the same name is refused by the server, on the name field.
    await page.goto('/layers/create');
    await page.getByLabel(/^Nome/).fill('ortofotomapa dgt');
    await page.getByLabel(/^Endereço/).fill('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    await page.getByRole('button', { name: 'Criar camada' }).click();
    await expect(page.getByText('Já existe um registo com este nome')).toBeVisible();

    // Edited to be for staff only: the public map no longer offers it.
    await page.goto('/layers');
    await page.getByRole('link', { name: 'Editar Ortofotomapa DGT' }).click();
    await expect(page.getByLabel(/^Nome/)).toHaveValue('Ortofotomapa DGT');
    await page.getByRole('switch', { name: /Disponível no mapa/ }).uncheck();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Camada Ortofotomapa DGT guardada')).toBeVisible();
    await page.goto('/layers');
    await expect(page.getByRole('row').filter({ hasText: 'Ortofotomapa DGT' })).toContainText('Só na consola');
    const after = await (await request.get('/api/layers/public')).json();
    expect(after.map((layer: { name: string }) => layer.name)).not.toContain('Ortofotomapa DGT');
  });

  test('the preview map takes the place its notice kept: the buttons under it do not move when it appears', async ({
    page,
  }) => {
    // On the edit screen the notice showed until the record's address reached the preview, then the taller map
    // pushed Save down under a pointer already on its way to it: the click landed on the preview and nothing was saved.
    await signIn(page, ACCOUNTS.admin, '/layers/create');
    await expect(page.getByText('Indique um endereço válido para ver a pré-visualização.')).toBeVisible();
    const save = page.getByRole('button', { name: 'Criar camada' });
    const topOf = () => save.evaluate((button) => button.getBoundingClientRect().top + window.scrollY);
    const before = await topOf();
    await page.getByLabel(/^Endereço/).fill('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    await expect(page.getByRole('region', { name: /^Pré-visualização da camada/ })).toBeVisible();
    expect(await topOf()).toBe(before);
  });

  test('the traffic feed is read on demand, and a broken feed keeps the last jams', async ({ page, request }) => {
    const feed = await startFeed();
    try {
      await configureTraffic(request, { enabled: true, url: feed.url });
      await signIn(page, ACCOUNTS.admin, '/layers');
      const card = page.getByTestId('traffic-feed');
      await expect(card).toContainText('Ativo');
      await card.getByRole('button', { name: 'Ler o feed agora' }).click();
      await expect(page.getByText('Feed lido: 2117 filas de trânsito.')).toBeVisible();
      await expect(card).toContainText(/2[\s.,]?117/);
      const traffic = await (await request.get('/api/waze/traffic/')).json();
      expect(traffic.features).toHaveLength(2117);

      feed.answer('{"jams": [');
      await card.getByRole('button', { name: 'Ler o feed agora' }).click();
      await expect(card.getByText('O feed não é JSON válido.')).toBeVisible();
      await expect(card).toContainText(/2[\s.,]?117/);
      await closeNotifications(page);
      await capture(page, 'layers-traffic-failing-pt-PT');
      expect((await (await request.get('/api/waze/traffic/')).json()).features).toHaveLength(2117);
    } finally {
      await configureTraffic(request, { enabled: false, url: '' });
      await feed.close();
    }
  });

  test('icons are uploaded: a wrong file and an empty SVG are refused, a good SVG joins the sprite sheet', async ({
    page,
    request,
  }) => {
    await signIn(page, ACCOUNTS.admin);
    await openFromMenu(page, 'Configurações', 'Ícones do mapa');
    await expect(page).toHaveURL(/\/sprite$/);
    await page
      .locator('input[type="file"]')
      .setInputFiles([
        path.join(FIXTURES, 'fotografia-falsa.png'),
        path.join(FIXTURES, 'icone-vazio.svg'),
        path.join(FIXTURES, 'icone-autocarro.svg'),
      ]);
    const failed = page.getByTestId('sprites-failed');
    await expect(failed).toContainText('2 ficheiros não foram aceites');
    await expect(failed).toContainText('fotografia-falsa.png');
    await expect(failed).toContainText('O ícone tem de ser uma imagem SVG válida');
    await expect(page.getByTestId('sprites-added')).toContainText('icone-autocarro');
    await expect(page.getByRole('row').filter({ hasText: 'icone-autocarro' })).toContainText('24×24 px');
    await expect(page.getByTestId('sprite-url')).toHaveText(/\/api\/sprites\/sprite$/);
    await expect(page.getByRole('img', { name: 'A folha de sprites, com 1 ícone' })).toBeVisible();
    await closeNotifications(page);
    await capture(page, 'sprites-pt-PT');

    const index = await (await request.get('/api/sprites/sprite@2x.json')).json();
    expect(index['icone-autocarro']).toMatchObject({ width: 48, height: 48, pixelRatio: 2 });

    await page.getByRole('link', { name: 'icone-autocarro', exact: true }).click();
    // The form is filled from the record once it arrives; typing before that would be overwritten.
    await expect(page.getByLabel(/^Nome/)).toHaveValue('icone-autocarro');
    await page.getByLabel(/^Tamanho no mapa/).fill('32');
    await page.getByLabel(/^Nome/).fill('Autocarro');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Use só letras minúsculas', { exact: false })).toBeVisible();
    await page.getByLabel(/^Nome/).fill('autocarro');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Ícone autocarro guardado')).toBeVisible();
    await closeNotifications(page);
    await capture(page, 'sprite-form-pt-PT');
    const resized = await (await request.get('/api/sprites/sprite.json')).json();
    expect(resized.autocarro).toMatchObject({ width: 32, height: 32 });
  });

  test('the statistics screen sums up the sessions the map sent', async ({ page, request }) => {
    const now = Date.now();
    const sessions = [
      { deviceType: 'mobile', browserName: 'Chrome', operatingSystem: 'Android', systemsClicked: [999_001, 999_001] },
      { deviceType: 'mobile', browserName: 'Safari', operatingSystem: 'iOS', systemsClicked: [999_001] },
      { deviceType: 'desktop', browserName: 'Firefox', operatingSystem: 'Linux', systemsClicked: [] },
    ];
    for (const session of sessions) {
      const response = await request.put('/api/statistics/session', {
        data: { id: randomUUID(), startTimestamp: now - 90_000, currentTimestamp: now, ...session },
      });
      expect(response.ok(), await response.text()).toBeTruthy();
    }

    await signIn(page, ACCOUNTS.admin);
    await openFromMenu(page, 'Configurações', 'Estatísticas de utilização');
    const summary = page.getByTestId('statistics-summary');
    await expect(summary).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Últimos 30 dias' })).toBeChecked();
    await expect(page.getByRole('table', { name: 'Tipos de dispositivo' })).toContainText('Telemóvel');
    await expect(page.getByRole('table', { name: 'Tipos de dispositivo' })).toContainText('Computador');
    await expect(page.getByRole('table', { name: 'Sistemas mais abertos' })).toContainText(
      'Sistema eliminado (n.º 999001)',
    );
    await expect(summary).toContainText('Firefox');
    await capture(page, 'statistics-pt-PT');

    // The segmented control's radios are hidden behind their labels.
    await page.locator('label', { hasText: 'Últimos 7 dias' }).click();
    await expect(page.getByRole('radio', { name: 'Últimos 7 dias' })).toBeChecked();
    await expect(page.getByText(/^De \d{2}-\d{2}-\d{4} a \d{2}-\d{2}-\d{4}/)).toBeVisible();
  });

  test('the screens in English and on a phone', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await chooseLanguage(page, 'English');
    await page.goto('/layers');
    await expect(page.getByRole('heading', { name: 'Traffic (Waze for Cities)' })).toBeVisible();
    await capture(page, 'layers-en-US');
    await page.goto('/sprite');
    await expect(page.getByRole('heading', { name: 'Sprite sheet' })).toBeVisible();
    await capture(page, 'sprites-en-US');
    await page.goto('/statistics');
    await expect(page.getByTestId('statistics-summary')).toBeVisible();
    await capture(page, 'statistics-en-US');

    await page.setViewportSize(MOBILE);
    await page.goto('/layers/create');
    await expect(page.getByRole('button', { name: 'Create layer' })).toBeVisible();
    await capture(page, 'layer-form-mobile-en-US');
    await page.goto('/statistics');
    await expect(page.getByTestId('statistics-summary')).toBeVisible();
    await capture(page, 'statistics-mobile-en-US');
    await page.goto('/sprite');
    await expect(page.getByRole('heading', { name: 'Upload icons' })).toBeVisible();
    await capture(page, 'sprites-mobile-en-US');
  });
});
