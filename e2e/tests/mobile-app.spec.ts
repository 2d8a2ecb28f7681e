import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseFromList,
  chooseOption,
  demoStop,
  expect,
  MOBILE,
  sessionToken,
  signInWithForm,
  test,
} from '../support/fixtures.ts';
import { mapReady, sidePanel } from '../support/map-canvas.ts';

/**
 * The portal inside a city's mobility app (spec 001 §1, §3, §7): these tests play the host, a React Native
 * WebView. Its `window.ReactNativeWebView.postMessage` keeps what the page posts in an inbox; it talks back
 * the way `injectJavaScript` does, with a 'message' event on window carrying JSON. To GET_LOCATION it answers
 * by id with `window.__hostPosition`, or with an error when that is null.
 */

type THostMessage = { id: string; messageType: string; payload: Record<string, unknown> };
declare global {
  interface Window {
    __hostInbox: THostMessage[];
    __hostPosition: { latitude: number; longitude: number } | null;
  }
}

const HOST_POSITION = { latitude: 41.1579, longitude: -8.6291 };
const run = Date.now().toString(36);

/** The host app around every page the test opens. */
async function installHost(page: Page) {
  await page.addInitScript((position) => {
    window.__hostInbox = [];
    window.__hostPosition = position;
    const answer = (message: Omit<THostMessage, 'payload'> & { payload: unknown }) =>
      window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
    Object.assign(window, {
      ReactNativeWebView: {
        postMessage: (text: string) => {
          const message = JSON.parse(text) as THostMessage;
          window.__hostInbox.push(message);
          if (message.messageType !== 'GET_LOCATION') return;
          const payload = window.__hostPosition ?? { error: 'PERMISSION_DENIED' };
          setTimeout(() => answer({ id: message.id, messageType: 'GET_LOCATION', payload }), 50);
        },
      },
    });
  }, HOST_POSITION);
}

/** The map on a phone, inside the app. */
async function openInsideTheApp(page: Page) {
  await installHost(page);
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await mapReady(page);
}

/** What the host app sends, as React Native's injectJavaScript delivers it. */
async function hostSends(page: Page, message: unknown) {
  await page.evaluate(
    (data) => window.dispatchEvent(new MessageEvent('message', { data })),
    typeof message === 'string' ? message : JSON.stringify(message),
  );
}

/** The messages of that type the host has received so far. */
const received = (page: Page, messageType: string) =>
  page.evaluate((type) => window.__hostInbox.filter((message) => message.messageType === type), messageType);

const lastPayload = async (page: Page, messageType: string) => (await received(page, messageType)).at(-1)?.payload;

test.describe('inside a mobile app', () => {
  test('the page tells the host what the visitor picks, and opens what the host asks for', async ({
    page,
    request,
  }) => {
    const trindade = await demoStop(request, 'Trindade');
    const bolhao = await demoStop(request, 'Bolhão');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openInsideTheApp(page);

    // Booted: the host learns the language, where the page is, the version and that nobody is signed in.
    await expect.poll(() => received(page, 'READY')).toHaveLength(1);
    expect(await lastPayload(page, 'READY')).toEqual({
      language: 'pt-PT',
      path: '/',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      signedIn: false,
    });

    // The visitor finds Trindade and opens its card: the host hears which stop.
    await page.getByRole('textbox', { name: 'Pesquisar paragens, linhas, outros sistemas e lugares' }).fill('Trindade');
    const results = page.getByRole('list', { name: 'Resultados da pesquisa' });
    await results
      .getByRole('button', { name: /^Trindade Metro do Porto · Paragem/ })
      .first()
      .click();
    await expect(sidePanel(page).getByRole('heading', { name: 'Trindade', level: 2 })).toBeVisible();
    await expect
      .poll(() => lastPayload(page, 'SYSTEM_SELECTED'))
      .toEqual({ id: trindade.id, name: 'Trindade', groupId: trindade.parentId, type: 'STOP' });
    await sidePanel(page).getByRole('button', { name: 'Fechar detalhes' }).click();
    await expect(sidePanel(page)).toHaveCount(0);
    await expect.poll(() => received(page, 'SELECTION_CLEARED')).toHaveLength(1);

    // What no host should send changes nothing and breaks nothing.
    for (const wrong of [
      'not json',
      { id: 'x1', messageType: 'SHOW_SYSTEM', payload: { id: 'Bolhão' } },
      { id: 'x2', messageType: 'SET_LANGUAGE', payload: { language: 'fr-FR' } },
      { id: 'x3', messageType: 'NAVIGATE', payload: { path: 'https://evil.example/' } },
      { id: 'x4', messageType: 'NAVIGATE', payload: { path: '//evil.example/' } },
      { id: 'x5', messageType: 'SELF_DESTRUCT', payload: null },
      { messageType: 'SHOW_SYSTEM', payload: { id: bolhao.id } },
    ])
      await hostSends(page, wrong);
    // The host's next message is handled: the ones before it were dropped, not queued or half done.
    await hostSends(page, { id: 'h1', messageType: 'SHOW_SYSTEM', payload: { id: bolhao.id } });
    await expect(sidePanel(page).getByRole('heading', { name: 'Bolhão', level: 2 })).toBeVisible();
    expect(page.url()).toMatch(/\/$/);
    await expect(
      page.getByRole('textbox', { name: 'Pesquisar paragens, linhas, outros sistemas e lugares' }),
    ).toBeVisible();
    // Opened by the host or by the visitor, the host hears what is on screen.
    await expect.poll(() => lastPayload(page, 'SYSTEM_SELECTED')).toMatchObject({ id: bolhao.id, name: 'Bolhão' });

    // The app's language setting carries over to the page.
    await hostSends(page, { id: 'h2', messageType: 'SET_LANGUAGE', payload: { language: 'en-US' } });
    await expect(page.getByRole('textbox', { name: 'Search stops, lines, other systems and places' })).toBeVisible();
    await expect(sidePanel(page).getByRole('button', { name: 'Close details' })).toBeVisible();
    await capture(page, 'mobile-app-host-card-en-US');

    // The host opens a screen of the portal; a stop asked for from there brings the visitor back to the map.
    await hostSends(page, { id: 'h3', messageType: 'NAVIGATE', payload: { path: '/incidents' } });
    await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible();
    await expect.poll(() => lastPayload(page, 'NAVIGATED')).toEqual({ path: '/incidents' });
    await hostSends(page, { id: 'h4', messageType: 'SHOW_SYSTEM', payload: { id: trindade.id } });
    await expect(sidePanel(page).getByRole('heading', { name: 'Trindade', level: 2 })).toBeVisible();
    await expect.poll(() => lastPayload(page, 'NAVIGATED')).toEqual({ path: '/' });
    await expect.poll(() => lastPayload(page, 'SYSTEM_SELECTED')).toMatchObject({ id: trindade.id });
    expect(errors).toEqual([]);
  });

  test("the report form takes the app's position, and the app hears of the report", async ({
    page,
    context,
    request,
  }) => {
    const staff = await apiAs(request, ACCOUNTS.operator);
    const categoryName = `Passeio danificado ${run}`;
    const category = await staff.post('/api/event-categories', {
      name: categoryName,
      categoryType: 'GENERIC',
      allowPublic: true,
      allowGeometry: true,
      allowPhotoUpload: false,
      active: true,
    });
    expect(category.ok(), await category.text()).toBeTruthy();
    // The WebView's own position, for when the app has none to give.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 41.1496, longitude: -8.6109 });

    await openInsideTheApp(page);
    await expect.poll(() => received(page, 'READY')).toHaveLength(1);
    await page.getByRole('button', { name: 'Reportar ocorrência' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reportar uma ocorrência' });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Categoria' }), categoryName);
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('João Pereira');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('joao.pereira@example.com');
    const title = `Passeio levantado na Rua de Cedofeita ${run}`;
    await dialog.getByRole('textbox', { name: 'Assunto' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Descrição' }).fill('Lajes soltas junto à paragem do autocarro.');

    // The app has no position to give (permission refused in the app): the browser's is used.
    await page.evaluate(() => {
      window.__hostPosition = null;
    });
    const location = dialog.getByTestId('report-location-value');
    await dialog.getByRole('button', { name: 'Usar a minha localização' }).click();
    await expect(location).toHaveText('Localização: 41.14960, -8.61090');
    await expect.poll(() => received(page, 'GET_LOCATION')).toHaveLength(1);

    // The app has its GPS position: that is the one placed, with the marker on the small map.
    await page.evaluate((position) => {
      window.__hostPosition = position;
    }, HOST_POSITION);
    await dialog.getByRole('button', { name: 'Usar a minha localização' }).click();
    await expect(location).toHaveText('Localização: 41.15790, -8.62910');
    await expect.poll(() => received(page, 'GET_LOCATION')).toHaveLength(2);
    await expect(dialog.getByTestId('report-location-map').locator('.maplibregl-marker')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Usar a minha localização' })).not.toHaveAttribute('data-loading');
    await capture(page, 'mobile-app-report-location-pt-PT');

    await dialog.getByRole('button', { name: 'Registar pedido' }).click();
    await expect(page.getByText('Ocorrência registada', { exact: true })).toBeVisible();
    await expect.poll(() => received(page, 'OCCURRENCE_REPORTED')).toHaveLength(1);
    const { id } = (await lastPayload(page, 'OCCURRENCE_REPORTED')) as { id: number };

    // The id the app was given is the report staff see, at the app's position.
    const admin = await apiAs(request, ACCOUNTS.admin);
    const report = (await (await admin.get(`/api/event-requests/${id}`)).json()) as {
      title: string;
      geometry: { type: string; coordinates: number[] } | null;
    };
    expect(report.title).toBe(title);
    expect(report.geometry?.coordinates[0]).toBeCloseTo(HOST_POSITION.longitude, 4);
    expect(report.geometry?.coordinates[1]).toBeCloseTo(HOST_POSITION.latitude, 4);
  });

  test('the app hears that someone signed in or out, and never their token', async ({ page }) => {
    await installHost(page);
    await signInWithForm(page, ACCOUNTS.readOnly);
    await expect.poll(() => received(page, 'SIGNED_IN')).toHaveLength(1);
    expect(await lastPayload(page, 'SIGNED_IN')).toEqual({});
    const token = await sessionToken(page);
    expect(token).toBeTruthy();
    expect(JSON.stringify(await page.evaluate(() => window.__hostInbox))).not.toContain(token);

    await chooseFromList(
      page,
      () => page.getByTestId('user-menu').click(),
      page.getByRole('menuitem', { name: 'Terminar sessão' }),
    );
    await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible();
    await expect.poll(() => received(page, 'SIGNED_OUT')).toHaveLength(1);
  });
});
