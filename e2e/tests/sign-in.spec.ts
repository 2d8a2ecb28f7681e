import { STORAGE_KEYS } from '../../apps/web/src/app/storage-keys.ts';
import {
  ACCOUNTS,
  capture,
  chooseFromList,
  expect,
  MOBILE,
  openFromMenu,
  sessionToken,
  signIn,
  signInWithForm,
  test,
} from '../support/fixtures.ts';

test.describe('signing in and out', () => {
  test('a staff member signs in in Portuguese and lands on their home', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Entrar na plataforma' })).toBeVisible();
    await capture(page, 'sign-in-pt-PT');
    await signInWithForm(page, ACCOUNTS.operator);
    await expect(page.getByRole('heading', { name: 'Olá, Ana' })).toBeVisible();
    await expect(page.getByText('Direção Municipal de Mobilidade e Transportes').first()).toBeVisible();
    await capture(page, 'home-operator-pt-PT');
  });

  test('a wrong password is refused with a clear message and no session', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel(/email/i).fill(ACCOUNTS.readOnly.email);
    await page.getByLabel(/^Palavra-passe/).fill('Not-the-pass1');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByTestId('sign-in-error')).toHaveText('Email ou palavra-passe errados');
    await expect(page).toHaveURL(/\/auth/);
    await capture(page, 'sign-in-wrong-password-pt-PT');
  });

  test('signing out returns to the public home and protected pages ask to sign in again', async ({ page }) => {
    await signIn(page, ACCOUNTS.readOnly);
    await chooseFromList(
      page,
      () => page.getByTestId('user-menu').click(),
      page.getByRole('menuitem', { name: 'Terminar sessão' }),
    );
    await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible();
    await page.goto('/personal');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fpersonal/);
  });

  test('an expired session returns to sign-in and then back to the page the user was on', async ({ page }) => {
    await signIn(page, ACCOUNTS.operator, '/personal');
    await expect(page.getByRole('heading', { name: 'Os seus dados' })).toBeVisible();
    // The session's validity passes (as it would after hours): the every-second check notices.
    await page.evaluate((key) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
      stored.session.session.validity = new Date(Date.now() + 1500).toISOString();
      localStorage.setItem(key, JSON.stringify(stored));
    }, STORAGE_KEYS.session);
    await page.reload();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fpersonal/, { timeout: 10_000 });
    await expect(page.getByTestId('session-expired')).toBeVisible();
    await capture(page, 'session-expired-pt-PT');
    await page.getByLabel(/email/i).fill(ACCOUNTS.operator.email);
    await page.getByLabel(/^Palavra-passe/).fill(ACCOUNTS.operator.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/personal$/);
    await expect(page.getByRole('heading', { name: 'Os seus dados' })).toBeVisible();
  });

  test('a session the server no longer accepts sends the user to sign in', async ({ page, request }) => {
    await signIn(page, ACCOUNTS.operator);
    const token = await sessionToken(page);
    await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    // The first call the console makes with the dead session (the notification count) is refused.
    await page.goto('/personal');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fpersonal/);
    await expect(page.getByRole('alert')).toContainText('A sua sessão terminou');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('the bottom bar offers home and the rest of the menu', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    const bar = page.getByRole('navigation', { name: 'Navegação rápida' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Início' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).not.toBeInViewport();
    await capture(page, 'home-admin-mobile-pt-PT');
    await page.getByTestId('bottom-bar-more').click();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await capture(page, 'menu-admin-mobile-pt-PT');
    // Escape closes it, and the focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('bottom-bar-more')).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('bottom-bar-more')).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).not.toBeInViewport();
    await page.getByTestId('bottom-bar-more').click();
    await openFromMenu(page, 'Configurações', 'Configuração');
    await expect(page).toHaveURL(/\/configuration$/);
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).not.toBeInViewport();
    await capture(page, 'configuration-mobile-pt-PT');
  });

  test('the sign-in screen fits a phone', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await capture(page, 'sign-in-mobile-pt-PT');
  });
});
