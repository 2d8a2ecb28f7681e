import type { APIRequestContext } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseLanguage,
  closeNotifications,
  expect,
  MOBILE,
  signIn,
  test,
} from '../support/fixtures.ts';

const VIEW_SETTINGS = ['app.mapCenter', 'app.mapZoom', 'app.mapMaxBounds', 'app.mapMaxBoundsMobile'];
type TBounds = [[number, number], [number, number]];

/** The map view settings as anyone reads them (spec 001 §3), parsed. */
async function readView(request: APIRequestContext) {
  const pairs = (await (await request.get('/api/configuration/public/list')).json()) as {
    name: string;
    value: string;
  }[];
  const value = (name: string) => JSON.parse(pairs.find((pair) => pair.name === name)?.value ?? 'null');
  return {
    pairs: pairs.filter((pair) => VIEW_SETTINGS.includes(pair.name)),
    centre: value('app.mapCenter') as { lat: number; lng: number },
    zoom: value('app.mapZoom') as number,
    bounds: value('app.mapMaxBounds') as TBounds | null,
    boundsMobile: value('app.mapMaxBoundsMobile') as TBounds | null,
  };
}

const widthOf = (bounds: TBounds) => bounds[1][0] - bounds[0][0];

test.describe('the map view on the configuration screen', () => {
  test('the administrator moves the map, takes its view as the centre and the bounds, and saves', async ({
    page,
    request,
  }) => {
    const before = await readView(request);
    try {
      await signIn(page, ACCOUNTS.admin, '/configuration');
      const picker = page.getByTestId('map-view-picker');
      await expect(picker.getByTestId('map-view-centre')).toHaveText(
        `Abre em ${before.centre.lat.toFixed(5)}, ${before.centre.lng.toFixed(5)}, com zoom ${before.zoom}.`,
      );
      // No JSON to type any more.
      await expect(page.getByLabel(/^Centro do mapa/)).toHaveCount(0);
      const current = picker.getByTestId('map-view-current');
      await expect(current).toContainText('Vista atual:');
      const opened = await current.textContent();

      // By keyboard: into the map, east with the arrow keys, one step closer with the zoom button.
      await picker.getByRole('region', { name: 'Mapa para escolher a vista do mapa público' }).focus();
      for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
      await picker.getByRole('button', { name: 'Aproximar' }).click();
      await expect(current).not.toHaveText(opened ?? '');
      await expect(current).toContainText(`zoom ${(before.zoom + 1).toFixed(1)}`);
      await picker.getByRole('button', { name: 'Abrir o mapa nesta vista' }).click();
      await expect(picker.getByTestId('map-view-centre')).toContainText(`com zoom ${before.zoom + 1}.`);

      await picker.getByRole('button', { name: 'Limitar o mapa a esta vista' }).click();
      await expect(picker.getByTestId('map-view-bounds')).toContainText(/^Oeste -?\d+\.\d{5}, sul/);
      // A phone shows less of the map: its bounds are framed on a phone-wide preview.
      await picker.getByText('Telemóvel', { exact: true }).click();
      await expect(picker.getByRole('radio', { name: 'Telemóvel' })).toBeChecked();
      await picker.getByRole('button', { name: 'Limitar o mapa nos telemóveis a esta vista' }).click();
      await expect(picker.getByTestId('map-view-bounds-mobile')).toContainText(/^Oeste/);
      await closeNotifications(page);
      await capture(page, 'configuration-map-view-pt-PT');

      await page.getByRole('button', { name: 'Guardar', exact: true }).first().click();
      await expect(page.getByText('As definições foram guardadas.')).toBeVisible();
      const saved = await readView(request);
      expect(saved.centre.lng).toBeGreaterThan(before.centre.lng);
      expect(saved.centre.lat).toBeCloseTo(before.centre.lat, 3);
      expect(saved.zoom).toBe(before.zoom + 1);
      if (!saved.bounds || !saved.boundsMobile) throw new Error('both bounds should be saved');
      expect(saved.bounds[0][0]).toBeLessThan(saved.centre.lng);
      expect(saved.bounds[1][0]).toBeGreaterThan(saved.centre.lng);
      expect(widthOf(saved.boundsMobile)).toBeLessThan(widthOf(saved.bounds));

      // "No bounds" clears them; the phones then follow the computers.
      await picker.getByRole('button', { name: 'Sem limites' }).click();
      await picker.getByRole('button', { name: 'Usar os do computador' }).click();
      await expect(picker.getByTestId('map-view-bounds')).toHaveText('Sem limites: o mapa move-se livremente.');
      await expect(picker.getByTestId('map-view-bounds-mobile')).toHaveText('Os mesmos do computador.');
      await page.getByRole('button', { name: 'Guardar', exact: true }).first().click();
      await expect.poll(async () => (await readView(request)).bounds).toBeNull();
      expect((await readView(request)).boundsMobile).toBeNull();

      // In English, on a phone.
      await page.setViewportSize(MOBILE);
      await chooseLanguage(page, 'English');
      await expect(picker.getByRole('button', { name: 'Open the map on this view' })).toBeVisible();
      await expect(picker.getByTestId('map-view-bounds')).toHaveText('No bounds: the map moves freely.');
      await closeNotifications(page);
      await picker.scrollIntoViewIfNeeded();
      await capture(page, 'configuration-map-view-mobile-en-US');
    } finally {
      const admin = await apiAs(request, ACCOUNTS.admin);
      await admin.put('/api/configuration/', { pairs: before.pairs });
    }
  });
});
