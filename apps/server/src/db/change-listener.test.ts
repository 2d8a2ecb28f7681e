import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { listenForChanges } from './change-listener.ts';

const t = useTestApp();

async function until(isTrue: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await isTrue())) {
    if (Date.now() > deadline) throw new Error('the condition never held within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function listeningConnections(channel: string): Promise<number> {
  const { rows } = await t.db.execute<{ count: number }>(
    sql`select count(*)::int as count from pg_stat_activity
         where datname = current_database() and query = ${`listen ${channel}`}`,
  );
  return rows[0].count;
}

describe('listenForChanges', () => {
  it('shares one connection among the listeners of a channel, and tells each of them', async () => {
    const channel = 'mip_test_shared_listener';
    const heard = { first: 0, second: 0 };
    const first = listenForChanges(t.db, channel, () => heard.first++);
    const second = listenForChanges(t.db, channel, () => heard.second++);
    await until(() => first.isListening() && second.isListening());
    expect(await listeningConnections(channel)).toBe(1);
    // Listening starts with a word to each: whatever was read before then may have missed a change.
    expect(heard).toEqual({ first: 1, second: 1 });

    await t.db.execute(sql`select pg_notify(${channel}, '')`);
    await until(() => heard.first === 2 && heard.second === 2);

    await first.close();
    expect(first.isListening()).toBe(false);
    expect(second.isListening()).toBe(true);
    await t.db.execute(sql`select pg_notify(${channel}, '')`);
    await until(() => heard.second === 3);
    expect(heard.first).toBe(2);

    await second.close();
    await until(async () => (await listeningConnections(channel)) === 0);
  });

  it('tells its listeners when the connection drops and again once it listens anew', async () => {
    const channel = 'mip_test_listener_reconnects';
    const payloads: string[] = [];
    const listener = listenForChanges(t.db, channel, (payload) => payloads.push(payload));
    await until(() => listener.isListening());
    payloads.length = 0;

    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query = ${`listen ${channel}`}`,
    );
    await until(() => !listener.isListening());
    // Reconnected within seconds: a change made meanwhile is not trusted to have been heard.
    await until(() => listener.isListening());
    expect(payloads.length).toBeGreaterThanOrEqual(2);
    await t.db.execute(sql`select pg_notify(${channel}, 'after')`);
    await until(() => payloads.at(-1) === 'after');
    await listener.close();
  });
});
