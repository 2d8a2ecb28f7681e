import { ACCOUNTS, capture, expect, readMails, test } from '../support/fixtures.ts';

test('a user who forgot their password resets it through the emailed link', async ({ page, request }) => {
  const account = ACCOUNTS.transport;
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Esqueceu-se da palavra-passe?' }).click();
  // The sign-in form has an email field too: the address goes in once the recovery page has replaced it (on a
  // busy machine it was typed into the sign-in form on its way out, and the recovery form was sent empty).
  await expect(page.getByRole('heading', { name: 'Recuperar palavra-passe' })).toBeVisible();
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByRole('button', { name: 'Enviar ligação' }).click();
  await expect(page.getByTestId('recovery-sent')).toBeVisible();
  await capture(page, 'recovery-sent-pt-PT');

  let link = '';
  await expect
    .poll(async () => {
      const mail = (await readMails(request)).findLast((m) => m.to.includes(account.email));
      link = /https?:\/\/\S+\/auth\/reset\/\d+\/[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Definir nova palavra-passe' })).toBeVisible();
  await page.getByLabel(/^Nova palavra-passe/).fill('curta');
  await page.getByLabel(/^Confirmar nova palavra-passe/).fill('curta');
  await page.getByRole('button', { name: 'Guardar palavra-passe' }).click();
  await expect(page.getByText(/A palavra-passe tem de ter entre 6 e 25 caracteres/)).toBeVisible();
  await capture(page, 'reset-password-errors-pt-PT');

  const newPassword = 'Linha-Amarela-2025';
  await page.getByLabel(/^Nova palavra-passe/).fill(newPassword);
  await page.getByLabel(/^Confirmar nova palavra-passe/).fill(newPassword);
  await page.getByRole('button', { name: 'Guardar palavra-passe' }).click();
  await expect(page.getByTestId('password-set')).toBeVisible();

  await page.getByRole('link', { name: 'Entrar' }).click();
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByLabel(/^Palavra-passe/).fill(newPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // The link worked once; it does not work again.
  await page.goto(link);
  await expect(page.getByText('Esta ligação já não é válida: expirou ou já foi usada.')).toBeVisible();

  // The demo account gets its password back: the specs after this one sign in with it.
  const login = await request.post('/api/auth/login', { data: { email: account.email, password: newPassword } });
  const token = (await login.json()).session.token as string;
  const restored = await request.put('/api/auth/password', {
    headers: { authorization: `Bearer ${token}` },
    data: { oldPassword: newPassword, newPassword: account.password, confirmPassword: account.password },
  });
  expect(restored.ok(), await restored.text()).toBeTruthy();
});
