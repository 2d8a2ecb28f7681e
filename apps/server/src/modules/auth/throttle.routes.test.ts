import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectError, waitFor } from '../../../test/assertions.ts';
import { createUser, signIn, TEST_PASSWORD } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

// The real hasher, watched: the tests count how many attempts reached it.
vi.mock('./password-hash.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./password-hash.ts')>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword), verifyPassword: vi.fn(actual.verifyPassword) };
});

const t = useTestApp();

let addressCounter = 0;
/** Each test uses addresses of its own, so one test's counts never spill into another. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

function login(email: string, password: string, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

/** Lets the account's current delay run out, as the clock would. */
async function waitOutAccountDelay(email: string) {
  await t.db.$client.query(
    `update auth_throttle set locked_until = now() - interval '1 second' where key = $1 and locked_until > now()`,
    [`account:${email}`],
  );
}

const statuses = (responses: { statusCode: number }[]) => responses.map((response) => response.statusCode);

beforeAll(async () => {
  // The factories hash their password once, on the first user: not a hash the tests count.
  await createUser(t.db);
});

beforeEach(() => {
  vi.mocked(verifyPassword).mockClear();
  vi.mocked(hashPassword).mockClear();
});

describe('sign-in throttling', () => {
  it('checks at most 5 passwords of 30 sent at once for one account from one address', async () => {
    const user = await createUser(t.db);
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(user.email, `Wrong-password-${i}`, address)),
    );
    const codes = statuses(responses);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code !== 401).every((code) => code === 429)).toBe(true);
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(5);
  });

  it('checks one password of 30 sent at once from 30 addresses to an account that keeps failing', async () => {
    const user = await createUser(t.db);
    // Ten failures already, the last wait over: the next attempt sets a wait of a minute.
    await t.db.$client.query(
      `insert into auth_throttle (key, failures, window_started_at, locked_until) values ($1, 10, now(), null)`,
      [`account:${user.email}`],
    );
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(user.email, `Wrong-password-${i}`, freshAddress())),
    );
    expect(statuses(responses).filter((code) => code === 401)).toHaveLength(1);
    expect(statuses(responses).filter((code) => code === 429)).toHaveLength(29);
    expect(verifyPassword).toHaveBeenCalledTimes(1);
  });

  it('locks the address that guessed, not the owner signing in from where they usually do', async () => {
    const user = await createUser(t.db);
    const home = freshAddress();
    await signIn(t.app, user.email, TEST_PASSWORD, { remoteAddress: home });
    const attacker = freshAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expectError(await login(user.email, `Wrong-password-${attempt}`, attacker), 401, 'INVALID_CREDENTIALS');
    }
    // More guesses from many other addresses.
    for (let attempt = 1; attempt <= 10; attempt++) await login(user.email, `Wrong-${attempt}-Aa1!`, freshAddress());

    const fromAttacker = await login(user.email, TEST_PASSWORD, attacker);
    expectError(fromAttacker, 429, 'TOO_MANY_REQUESTS');
    expect(Number(fromAttacker.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(fromAttacker.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    expect((await login(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
  });

  it('makes each further failure on the account wait twice as long as the one before, up to 60 s', async () => {
    const user = await createUser(t.db);
    /** Fails once from a new address; answers the wait it set, measured from just before it on the database's clock. */
    async function failAndReadWait(attempt: number) {
      const { rows } = await t.db.$client.query<{ before: Date }>('select clock_timestamp() as before');
      expectError(await login(user.email, `Wrong-password-${attempt}`, freshAddress()), 401, 'INVALID_CREDENTIALS');
      const wait = await t.db.$client.query<{ seconds: number | null }>(
        'select extract(epoch from locked_until - $2::timestamptz)::float8 as seconds from auth_throttle where key = $1',
        [`account:${user.email}`, rows[0].before],
      );
      return wait.rows[0].seconds;
    }
    // The first 5 are free.
    for (let attempt = 1; attempt <= 4; attempt++) expect(await failAndReadWait(attempt)).toBeNull();
    // From the 5th: 1 s, then 2, 4, 8 … never more than 60 s (the last would be 256 s uncapped).
    const waits = [await failAndReadWait(5)];
    for (let attempt = 6; attempt <= 13; attempt++) {
      await waitOutAccountDelay(user.email);
      waits.push(await failAndReadWait(attempt));
    }
    for (const [index, wait] of waits.entries()) {
      expect(wait, `wait after failure ${index + 5}`).toBeGreaterThanOrEqual(Math.min(2 ** index, 60));
    }
    expect(waits.at(-1)).toBeLessThan(90);

    const refused = await login(user.email, TEST_PASSWORD, freshAddress());
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    await waitOutAccountDelay(user.email);
    expect((await login(user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('does not count attempts refused while waiting, so retrying does not lock the owner out', async () => {
    const user = await createUser(t.db);
    for (let attempt = 1; attempt <= 5; attempt++) await login(user.email, `Wrong-password-${attempt}`, freshAddress());
    // A long wait, so that none of the retries below can outlast it.
    await t.db.$client.query(`update auth_throttle set locked_until = now() + interval '1 hour' where key = $1`, [
      `account:${user.email}`,
    ]);
    const owner = freshAddress();
    for (let retry = 1; retry <= 8; retry++) {
      expectError(await login(user.email, TEST_PASSWORD, owner), 429, 'TOO_MANY_REQUESTS');
    }
    expect(vi.mocked(verifyPassword).mock.calls.length).toBe(5);
    await waitOutAccountDelay(user.email);
    expect((await login(user.email, TEST_PASSWORD, owner)).statusCode).toBe(200);
  });

  it('does not count a right password against the address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 35; i++) {
      const user = await createUser(t.db);
      expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    }
  });

  it('still refuses the 31st wrong password from one address across accounts', async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) {
      expectError(await login(`nobody-${i}@test.example`, 'Wrong-password-1', address), 401, 'INVALID_CREDENTIALS');
    }
    const user = await createUser(t.db);
    expectError(await login(user.email, TEST_PASSWORD, address), 429, 'TOO_MANY_REQUESTS');
  });
});

describe('setting a password from an emailed link', () => {
  /** Asks for a recovery mail and answers the link's API path once the mail has gone out. */
  async function requestResetLink(email: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/recovery',
      payload: { email },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(200);
    const mail = await waitFor(() => t.mails.find((m) => m.to === email));
    const match = /http:\/\/mip\.test\/auth\/reset\/(\d+)\/([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!match) throw new Error(`no reset link in: ${mail.text}`);
    return `/api/auth/reset/${match[1]}/${match[2]}`;
  }

  function setPassword(path: string, remoteAddress: string) {
    const password = 'Autocarro-Azul-77';
    return t.app.inject({
      method: 'POST',
      url: path,
      payload: { newPassword: password, confirmPassword: password },
      remoteAddress,
    });
  }

  it.each(['reset', 'activate'])('answers a bad %s token without hashing the password', async (purpose) => {
    const user = await createUser(t.db);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        setPassword(`/api/auth/${purpose}/${user.id}/not-the-token-${i}`, freshAddress()),
      ),
    );
    for (const response of responses) expectError(response, 400, 'INVALID_TOKEN');
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it('refuses the 11th try from one address within 15 minutes, before looking at the token', async () => {
    const user = await createUser(t.db);
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => setPassword(`/api/auth/reset/${user.id}/not-the-token-${i}`, address)),
    );
    expect(statuses(responses).filter((code) => code === 400)).toHaveLength(10);
    expect(statuses(responses).filter((code) => code === 429)).toHaveLength(6);
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it('hashes the password once for a good token', async () => {
    const user = await createUser(t.db);
    const path = await requestResetLink(user.email);
    expect((await setPassword(path, freshAddress())).statusCode).toBe(200);
    expect(hashPassword).toHaveBeenCalledTimes(1);
  });
});
