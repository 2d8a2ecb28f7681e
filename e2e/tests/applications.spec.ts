import type { APIRequestContext, Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseOption,
  closeNotifications,
  expect,
  MOBILE,
  signIn,
  storeLanguage,
  test,
  useLanguage,
} from '../support/fixtures.ts';

type TApp = { id: number; name: string; type: string; configs: { url: string | null } };

const TEXTS = {
  'pt-PT': {
    signInForMore: 'Algumas aplicações só aparecem com sessão iniciada.',
    external: 'Ligação externa',
    vertical: 'Aplicação vertical',
    mapLabel: /Mapa de mobilidade/,
  },
  'en-US': {
    signInForMore: 'Some applications are only listed once you sign in.',
    external: 'External link',
    vertical: 'Vertical app',
    mapLabel: /Mobility map/,
  },
} as const;

const STAFF_ONLY = 'IMT — Instituto da Mobilidade e dos Transportes';

async function publicApps(request: APIRequestContext): Promise<TApp[]> {
  return (await (await request.get('/api/applications/')).json()) as TApp[];
}

/** The demo's Metro do Porto vertical app, once its network is imported and drawn on its own map. */
async function metroApp(request: APIRequestContext): Promise<TApp> {
  const metro = (await publicApps(request)).find((app) => app.type === 'VERTICAL_APP_BASED') as TApp;
  await expect
    .poll(
      async () => {
        const items = (await (await request.get(`/api/applications/${metro.id}/map/`)).json()) as {
          type: string;
          geometry: { features: unknown[] };
        }[];
        return items.some((item) => item.type === 'GROUP' && item.geometry.features.length > 0);
      },
      { timeout: 60_000, message: 'the demo network is imported on first start' },
    )
    .toBe(true);
  return metro;
}

const cards = (page: Page) => page.getByTestId('portal-application');

for (const language of ['pt-PT', 'en-US'] as const) {
  test.describe(`the applications portal (${language})`, () => {
    test('lists the public apps to a visitor and the staff-only ones after signing in', async ({ page, request }) => {
      await useLanguage(page, language);
      const apps = await publicApps(request);
      const metro = apps.find((app) => app.name === 'Metro do Porto') as TApp;
      const openData = apps.find((app) => app.name === 'Dados abertos do Porto') as TApp;

      await page.goto('/portal');
      await expect(page.getByText(TEXTS[language].signInForMore)).toBeVisible();
      await expect(cards(page)).toHaveCount(2);
      await expect(page.getByText(STAFF_ONLY)).toHaveCount(0);
      // A vertical app opens in place at /app/{id}/; another opens its own site in a new tab.
      const metroCard = cards(page).filter({ hasText: 'Metro do Porto' });
      await expect(metroCard).toHaveAttribute('href', `/app/${metro.id}/`);
      await expect(metroCard).not.toHaveAttribute('target', '_blank');
      await expect(metroCard.getByText(TEXTS[language].vertical)).toBeVisible();
      const openDataCard = cards(page).filter({ hasText: 'Dados abertos do Porto' });
      await expect(openDataCard).toHaveAttribute('href', openData.configs.url as string);
      await expect(openDataCard).toHaveAttribute('target', '_blank');
      await expect(openDataCard.getByText(TEXTS[language].external)).toBeVisible();
      await capture(page, `applications-portal-signed-out-${language}`);

      await signIn(page, ACCOUNTS.readOnly, '/portal');
      await expect(cards(page)).toHaveCount(3);
      await expect(cards(page).filter({ hasText: STAFF_ONLY })).toHaveAttribute('target', '_blank');
      await expect(page.getByText(TEXTS[language].signInForMore)).toHaveCount(0);
      await capture(page, `applications-portal-signed-in-${language}`);

      await page.setViewportSize(MOBILE);
      await expect(cards(page)).toHaveCount(3);
      await capture(page, `applications-portal-mobile-${language}`);
    });

    test('a vertical app is the map with its own title, colour and logo, showing only its network', async ({
      page,
      request,
    }) => {
      await useLanguage(page, language);
      const metro = await metroApp(request);

      await page.goto(`/app/${metro.id}/`);
      await expect(page.getByRole('region', { name: TEXTS[language].mapLabel })).toBeVisible();
      await page.waitForFunction(() => !document.querySelector('.maplibregl-map')?.classList.contains('loading'));
      await expect(page).toHaveTitle(/Metro do Porto/);
      // The menu shows the app's own title and logo instead of the platform's.
      await expect(page.getByRole('link', { name: 'Metro do Porto' }).first()).toBeVisible();
      await expect(page.locator(`img[src^="/api/applications/${metro.id}/logo"]`).first()).toBeAttached();
      // Its colour is the theme's primary colour (#1E5AA8).
      const filled = await page.evaluate(() => {
        const probe = document.createElement('div');
        probe.style.backgroundColor = 'var(--mantine-primary-color-filled)';
        document.body.append(probe);
        const colour = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return colour;
      });
      expect(filled).toBe('rgb(30, 90, 168)');

      // The filter offers only the app's groups, whatever else the platform's map has.
      const filter = page.getByRole('group', { name: /^(Filtrar o mapa|Filter the map)$/ });
      await expect(filter.getByRole('checkbox', { name: 'Metro do Porto' })).toBeVisible();
      const platformGroups = (await (await request.get('/api/mobility-system-groups/tree')).json()) as {
        name: string;
      }[];
      for (const group of platformGroups.filter((candidate) => candidate.name !== 'Metro do Porto')) {
        await expect(filter.getByRole('checkbox', { name: group.name })).toHaveCount(0);
      }
      await capture(page, `applications-vertical-app-${language}`);

      await page.setViewportSize(MOBILE);
      await expect(page.getByRole('region', { name: TEXTS[language].mapLabel })).toBeVisible();
      await capture(page, `applications-vertical-app-mobile-${language}`);
    });
  });
}

test.describe('an application that needs authentication', () => {
  test('sends a visitor to sign in and back into the app', async ({ page, request }) => {
    const admin = await apiAs(request, ACCOUNTS.admin);
    const created = await admin.post('/api/applications/', {
      name: `Mapa interno ${Date.now().toString(36)}`,
      description: 'Só para as equipas',
      type: 'VERTICAL_APP_BASED',
      withAuth: true,
      profileId: null,
      logo: null,
      url: null,
      settings: { appTitle: 'Mapa interno' },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { id } = (await created.json()) as { id: number };
    await page.goto(`/app/${id}/`);
    await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=%2Fapp%2F${id}%2F`));
    await page.getByLabel('Email').fill(ACCOUNTS.readOnly.email);
    await page.getByRole('textbox', { name: 'Palavra-passe' }).fill(ACCOUNTS.readOnly.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/${id}/$`));
    await expect(page.getByText('Mapa interno').first()).toBeVisible();
    expect((await admin.delete(`/api/applications/${id}`)).ok()).toBeTruthy();
  });
});

test.describe('managing applications at /apps', () => {
  test('the administrator lists, creates with field errors, edits and deletes an application', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, ACCOUNTS.admin);
    await useLanguage(page, 'pt-PT');
    await signIn(page, ACCOUNTS.admin, '/apps');
    const table = page.getByRole('table', { name: 'Aplicações' });
    await expect(table.getByRole('link', { name: 'Metro do Porto', exact: true })).toBeVisible();
    await expect(table.getByText('/app/', { exact: false }).first()).toBeVisible();
    await capture(page, 'applications-list-pt-PT');
    await page.setViewportSize(MOBILE);
    // On a phone the rows are cards.
    const cards = page.getByRole('list', { name: 'Aplicações' });
    await expect(cards.getByRole('link', { name: 'Metro do Porto', exact: true })).toBeVisible();
    await capture(page, 'applications-list-mobile-pt-PT');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('link', { name: 'Nova aplicação' }).first().click();
    await expect(page).toHaveURL(/\/apps\/create$/);
    // Exact: until the form renders, the list's search box ("…por nome ou descrição") is still on the page.
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Horários da STCP');
    await chooseOption(page, page.getByRole('combobox', { name: 'Tipo', exact: true }), 'Ligação externa');
    await page.getByRole('button', { name: 'Criar aplicação' }).click();
    await expect(page.getByText('Indique o endereço que a aplicação abre')).toBeVisible();
    await page.getByRole('textbox', { name: 'Endereço' }).fill('https://www.stcp.pt/');
    await page.getByRole('switch', { name: 'Exige sessão iniciada' }).check();
    await closeNotifications(page);
    await capture(page, 'applications-form-pt-PT');
    await page.getByRole('button', { name: 'Criar aplicação' }).click();
    await expect(page).toHaveURL(/\/apps\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const saved = await (await admin.get(`/api/applications/${id}/settings`)).json();
    expect(saved).toMatchObject({
      name: 'Horários da STCP',
      type: 'EXTERNAL_URL_APP',
      withAuth: true,
      configs: { url: 'https://www.stcp.pt/' },
    });

    // In English (a page without the Portuguese init script) the vertical app's own settings show with their labels.
    const english = await page.context().newPage();
    await english.goto('/portal');
    await storeLanguage(english, 'en-US');
    await english.goto(`/apps/${(await metroApp(request)).id}`);
    await expect(english.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Metro do Porto');
    await expect(english.getByRole('checkbox', { name: 'Current incidents' })).toBeChecked();
    await capture(english, 'applications-form-vertical-en-US');
    await english.setViewportSize(MOBILE);
    await expect(english.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();
    await capture(english, 'applications-form-vertical-mobile-en-US');
    await english.close();

    await page.goto(`/apps/${id}`);
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^(Sim|Eliminar)$/ })
      .click();
    await expect(page).toHaveURL(/\/apps$/);
    expect((await admin.get(`/api/applications/${id}/settings`)).status()).toBe(404);
  });
});
