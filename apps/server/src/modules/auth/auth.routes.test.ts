import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError, waitFor } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import {
  createEntity,
  createEntityProfile,
  createUser,
  signIn,
  signInNewUser,
  TEST_PASSWORD,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { issueAccountToken } from './auth.service.ts';

const t = useTestApp();

const NEW_PASSWORD = 'Autocarro-Azul-77';
let addressCounter = 0;
/** Each test signs in from its own address, so the per-address throttle of one test never spills into another. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

function login(email: string, password: string, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

function readSession(authorization: string) {
  return t.app.inject({ url: '/api/auth/session', headers: { authorization } });
}

function logout(authorization: string, remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization }, remoteAddress });
}

function changePassword(authorization: string | null, payload: Record<string, unknown>, remoteAddress?: string) {
  const headers = authorization ? { authorization } : {};
  return t.app.inject({ method: 'PUT', url: '/api/auth/password', headers, payload, remoteAddress });
}

/** A complete, valid change from the factory password to NEW_PASSWORD. */
const FULL_CHANGE = { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };

function askRecovery(email: string, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/recovery', payload: { email }, remoteAddress });
}

/** Asks for a recovery mail and answers the link's id and token once the mail has gone out. */
async function requestResetLink(email: string) {
  const response = await askRecovery(email);
  expect(response.statusCode).toBe(200);
  const mail = await waitFor(() => t.mails.find((m) => m.to === email));
  const match = /http:\/\/mip\.test\/auth\/reset\/(\d+)\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return { id: match[1], token: match[2], path: `/api/auth/reset/${match[1]}/${match[2]}` };
}

function setPassword(path: string, password = NEW_PASSWORD, remoteAddress = freshAddress()) {
  return t.app.inject({
    method: 'POST',
    url: path,
    payload: { newPassword: password, confirmPassword: password },
    remoteAddress,
  });
}

describe('POST /api/auth/login', () => {
  it('answers the spec session for a valid password', async () => {
    const profile = await createEntityProfile(t.db);
    const entity = await createEntity(t.db, { profileId: profile.id });
    const user = await createUser(t.db, {
      entityId: entity.id,
      permissions: ['READ_USER', 'WRITE_USER'],
      entitiesAccessList: [entity.id],
      language: 'en-US',
    });
    const before = Date.now();
    const response = await login(user.email, TEST_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json();
    expect(session).toEqual({
      isAuthenticated: true,
      type: 'NORMAL',
      id: user.id,
      name: user.name,
      user: { email: user.email },
      entity: { id: entity.id, name: entity.name, profile: { id: profile.id, name: profile.name } },
      entityProfile: { id: profile.id, name: profile.name },
      entitiesAccessList: [entity.id],
      role: { id: user.roleId, name: expect.any(String), permissions: ['READ_USER', 'WRITE_USER'] },
      legalWarningReadTimestamp: null,
      timeZone: 'Europe/Lisbon',
      language: 'en-US',
      session: { validity: expect.any(String), token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/) },
      impersonatedBy: null,
    });
    // The default session lasts 12 hours.
    const validity = Date.parse(session.session.validity);
    expect(validity - before).toBeGreaterThan(719 * 60_000);
    expect(validity - before).toBeLessThan(721 * 60_000);
  });

  it('signs in whatever the case of the email', async () => {
    const user = await createUser(t.db);
    const response = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(user.id);
  });

  it('answers an unknown email and a wrong password the same way', async () => {
    const user = await createUser(t.db);
    const wrongPassword = await login(user.email, 'Not-the-password-1');
    const unknownEmail = await login(`nobody-${randomBytes(4).toString('hex')}@test.example`, TEST_PASSWORD);
    expectError(wrongPassword, 401, 'INVALID_CREDENTIALS');
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('refuses an inactive user with the right password', async () => {
    const user = await createUser(t.db, { status: 'INACTIVE' });
    const response = await login(user.email, TEST_PASSWORD);
    expectError(response, 403, 'ACCOUNT_INACTIVE');
    expect(response.json().session).toBeUndefined();
  });

  it('locks an account out of one address after 5 wrong passwords from it, even for the right one, with Retry-After', async () => {
    const user = await createUser(t.db);
    const address = freshAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expectError(await login(user.email, `Wrong-password-${attempt}`, address), 401, 'INVALID_CREDENTIALS');
    }
    const locked = await login(user.email, TEST_PASSWORD, address);
    expectError(locked, 429, 'TOO_MANY_REQUESTS');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The lock is this account's at this address: someone else can still sign in from there.
    const colleague = await createUser(t.db);
    expect((await login(colleague.email, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('forgets earlier wrong passwords once the right one is given', async () => {
    const user = await createUser(t.db);
    for (let attempt = 1; attempt <= 4; attempt++) await login(user.email, `Wrong-password-${attempt}`);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) await login(user.email, `Wrong-password-${attempt}`);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    [{ password: TEST_PASSWORD }, 'email', 'MISSING_EMAIL'],
    [{ email: 'not-an-email', password: TEST_PASSWORD }, 'email', 'INVALID_EMAIL'],
    [{ email: 'ana@test.example' }, 'password', 'MISSING_PASSWORD'],
    [{ email: 'ana@test.example', password: '' }, 'password', 'MISSING_PASSWORD'],
  ])('answers a field error for %o', async (payload, property, error) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expectFieldError(response, property, error);
  });
});

describe('sessions', () => {
  it('answers 401 UNAUTHORIZED without a token', async () => {
    expectError(await t.app.inject({ url: '/api/auth/session' }), 401, 'UNAUTHORIZED');
  });

  it('answers 401 for a token nobody was given', async () => {
    const response = await readSession(`Bearer ${randomBytes(32).toString('base64url')}`);
    expect(response.statusCode).toBe(401);
  });

  it('ends the session on logout, so its token answers 401 afterwards', async () => {
    const { authorization } = await signInNewUser(t);
    expect((await readSession(authorization)).statusCode).toBe(200);
    const response = await logout(authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await readSession(authorization)).statusCode).toBe(401);
  });

  it('answers 401 SESSION_EXPIRED once the validity has passed', async () => {
    const { user, authorization } = await signInNewUser(t);
    await t.db.$client.query(`update sessions set validity = now() - interval '1 minute' where user_id = $1`, [
      user.id,
    ]);
    expectError(await readSession(authorization), 401, 'SESSION_EXPIRED');
  });

  it('answers 401 to a user who was made inactive after signing in', async () => {
    const { user, authorization } = await signInNewUser(t);
    await t.db.$client.query(`update users set status = 'INACTIVE' where id = $1`, [user.id]);
    expect((await readSession(authorization)).statusCode).toBe(401);
  });
});

describe('password recovery', () => {
  it('answers the same for an existing and an unknown email, and mails only the existing one', async () => {
    const user = await createUser(t.db);
    const unknown = `nobody-${randomBytes(4).toString('hex')}@test.example`;
    const forUnknown = await askRecovery(unknown);
    const forUser = await askRecovery(user.email);
    expect(forUser.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(forUser.statusCode);
    expect(forUnknown.body).toBe(forUser.body);
    const mail = await waitFor(() => t.mails.find((m) => m.to === user.email));
    expect(mail.subject).toBe('Recuperação da palavra-passe');
    expect(t.mails.some((m) => m.to === unknown)).toBe(false);
  });

  it('sends no mail to an inactive user', async () => {
    const inactive = await createUser(t.db, { status: 'INACTIVE' });
    const active = await createUser(t.db);
    const address = freshAddress();
    for (const email of [inactive.email, active.email]) await askRecovery(email, address);
    await waitFor(() => t.mails.find((m) => m.to === active.email));
    expect(t.mails.some((m) => m.to === inactive.email)).toBe(false);
  });

  it('refuses the 11th request from one address within 15 minutes', async () => {
    const address = freshAddress();
    const ask = () => askRecovery('nobody@test.example', address);
    for (let i = 0; i < 10; i++) expect((await ask()).statusCode).toBe(200);
    expectError(await ask(), 429, 'TOO_MANY_REQUESTS');
  });

  it('lets the mailed link set a new password once', async () => {
    const user = await createUser(t.db);
    const link = await requestResetLink(user.email);
    expect(link.id).toBe(String(user.id));

    const check = await t.app.inject({ url: link.path });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ valid: true, email: user.email, name: user.name });

    const response = await setPassword(link.path);
    expect(response.statusCode, response.body).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expectError(await login(user.email, TEST_PASSWORD), 401, 'INVALID_CREDENTIALS');

    expect((await t.app.inject({ url: link.path })).json()).toEqual({ valid: false, email: null, name: null });
    expectError(await setPassword(link.path, 'Another-Pass-99'), 400, 'INVALID_TOKEN');
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.db);
    const link = await requestResetLink(user.email);
    await t.db.$client.query(`update user_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [
      user.id,
    ]);
    expect((await t.app.inject({ url: link.path })).json()).toEqual({ valid: false, email: null, name: null });
    expectError(await setPassword(link.path), 400, 'INVALID_TOKEN');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a link with another user's id or a changed token", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const link = await requestResetLink(user.email);
    expectError(await setPassword(`/api/auth/reset/${other.id}/${link.token}`), 400, 'INVALID_TOKEN');
    expectError(await setPassword(`/api/auth/reset/${link.id}/${link.token.slice(0, -2)}xx`), 400, 'INVALID_TOKEN');
    expectError(await setPassword(`/api/auth/activate/${link.id}/${link.token}`), 400, 'INVALID_TOKEN');
  });

  it('checks the new password before using up the link', async () => {
    const user = await createUser(t.db);
    const link = await requestResetLink(user.email);
    expectFieldError(await setPassword(link.path, 'short'), 'newPassword', 'FORM_PASSWORD_ERROR');
    const mismatch = await t.app.inject({
      method: 'POST',
      url: link.path,
      payload: { newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
    });
    expectFieldError(mismatch, 'confirmPassword', 'USER_PASSWORD_MISMATCH');
    expect((await setPassword(link.path)).statusCode).toBe(200);
  });

  it("ends the user's existing sessions", async () => {
    const { user, authorization } = await signInNewUser(t);
    const link = await requestResetLink(user.email);
    expect((await setPassword(link.path)).statusCode).toBe(200);
    expect((await readSession(authorization)).statusCode).toBe(401);
  });
  it("refuses a new password that holds the user's name or email, and leaves the link usable", async () => {
    const user = await createUser(t.db, { name: 'Joana Conceição Martins', email: 'joana.martins@test.example' });
    const link = await requestResetLink(user.email);
    for (const password of ['Conceicao-77!', 'Azul-MARTINS-7', 'Joana.Martins9']) {
      expectFieldError(await setPassword(link.path, password), 'newPassword', 'PASSWORD_CONTAINS_PERSONAL_DATA');
    }
    expect((await setPassword(link.path)).statusCode).toBe(200);
  });

  it("refuses an activation password that holds the user's name", async () => {
    const user = await createUser(t.db, { name: 'Rodrigo Vasconcelos', withoutPassword: true });
    const token = await issueAccountToken(t.db, user.id, 'ACTIVATE');
    const path = `/api/auth/activate/${user.id}/${token}`;
    expect((await t.app.inject({ url: path })).json()).toEqual({
      valid: true,
      email: user.email,
      name: 'Rodrigo Vasconcelos',
    });
    expectFieldError(await setPassword(path, 'Vasconcelos-9!'), 'newPassword', 'PASSWORD_CONTAINS_PERSONAL_DATA');
    expect((await setPassword(path)).statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('PUT /api/auth/password', () => {
  /** A change from the factory password to `password`, confirmed. */
  const changeTo = (password: string) => ({ ...FULL_CHANGE, newPassword: password, confirmPassword: password });

  it.each([
    ['a missing current password', { ...FULL_CHANGE, oldPassword: undefined }, 'oldPassword', 'MISSING_OLD_PASSWORD'],
    ['an empty current password', { ...FULL_CHANGE, oldPassword: '' }, 'oldPassword', 'MISSING_OLD_PASSWORD'],
    [
      'a confirmation that differs',
      { ...FULL_CHANGE, confirmPassword: `${NEW_PASSWORD}x` },
      'confirmPassword',
      'USER_PASSWORD_MISMATCH',
    ],
    ['a password without a digit', changeTo('Autocarro-Azul'), 'newPassword', 'FORM_PASSWORD_ERROR'],
    ['a 26-character password', changeTo('Aa1!'.padEnd(26, 'q')), 'newPassword', 'FORM_PASSWORD_ERROR'],
    ['a well-known password', changeTo('Password1!'), 'newPassword', 'PASSWORD_TOO_COMMON'],
  ])('rejects %s', async (_case, payload, property, error) => {
    const { authorization } = await signInNewUser(t);
    expectFieldError(await changePassword(authorization, payload), property, error);
  });

  it("rejects a password that holds the user's name or email, whatever the case and accents", async () => {
    const { user, authorization } = await signInNewUser(t, {
      name: 'Inês Araújo',
      email: 'ines.araujo@test.example',
    });
    for (const password of ['Araujo-Azul-7', 'x9#INESx', 'Ines.Araujo1']) {
      const response = await changePassword(authorization, changeTo(password));
      expectFieldError(response, 'newPassword', 'PASSWORD_CONTAINS_PERSONAL_DATA');
    }
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('rejects a wrong current password with WRONG_OLD_PASSWORD and keeps the old one', async () => {
    const { user, authorization } = await signInNewUser(t);
    const response = await changePassword(authorization, { ...FULL_CHANGE, oldPassword: 'Not-my-password-1' });
    expectFieldError(response, 'oldPassword', 'WRONG_OLD_PASSWORD');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("changes the password and ends the user's other sessions but not the current one", async () => {
    const { user, authorization } = await signInNewUser(t);
    const elsewhere = await signIn(t.app, user.email);
    const response = await changePassword(authorization, FULL_CHANGE);
    expect(response.statusCode, response.body).toBe(200);
    expect((await readSession(authorization)).statusCode).toBe(200);
    expect((await readSession(elsewhere.authorization)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expectError(await login(user.email, TEST_PASSWORD), 401, 'INVALID_CREDENTIALS');
  });

  it('requires a session', async () => {
    expectError(await changePassword(null, FULL_CHANGE), 401, 'UNAUTHORIZED');
  });
});

describe('audit of sign-in and password writes', () => {
  /** The row must name the user and the address, and hold no password or hash anywhere. */
  async function expectAudited(action: string, userId: number, address: string, secrets: string[]) {
    const rows = (await findAuditRows(t.db, action)).filter((row) => row.user_id === userId);
    expect(rows.length, `${action} rows for user ${userId}`).toBeGreaterThan(0);
    const row = rows.at(-1)!;
    expect(row.ip).toBe(address);
    const text = JSON.stringify(row);
    for (const secret of [...secrets, '$argon2']) expect(text).not.toContain(secret);
  }

  it('records SIGN_IN and SIGN_OUT with the user and their address', async () => {
    const user = await createUser(t.db);
    const address = freshAddress();
    const { authorization } = await signIn(t.app, user.email, TEST_PASSWORD, { remoteAddress: address });
    await expectAudited('SIGN_IN', user.id, address, [TEST_PASSWORD]);
    await logout(authorization, address);
    await expectAudited('SIGN_OUT', user.id, address, [TEST_PASSWORD]);
  });

  it('records PASSWORD_CHANGED without either password', async () => {
    const user = await createUser(t.db);
    const address = freshAddress();
    const { authorization } = await signIn(t.app, user.email, TEST_PASSWORD, { remoteAddress: address });
    expect((await changePassword(authorization, FULL_CHANGE, address)).statusCode).toBe(200);
    await expectAudited('PASSWORD_CHANGED', user.id, address, [TEST_PASSWORD, NEW_PASSWORD]);
  });

  it('records PASSWORD_RESET without the password or the token', async () => {
    const user = await createUser(t.db);
    const link = await requestResetLink(user.email);
    const address = freshAddress();
    expect((await setPassword(link.path, NEW_PASSWORD, address)).statusCode).toBe(200);
    await expectAudited('PASSWORD_RESET', user.id, address, [NEW_PASSWORD, link.token]);
  });

  it('records no SIGN_IN for a wrong password', async () => {
    const user = await createUser(t.db);
    await login(user.email, 'Wrong-password-1');
    expect((await findAuditRows(t.db, 'SIGN_IN')).some((row) => row.user_id === user.id)).toBe(false);
  });
});
