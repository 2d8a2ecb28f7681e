import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { listenForChanges } from './change-listener.ts';

const t = useTestApp();

async function until(isTrue: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!(await isTrue())) {
    if (Date.now() > deadline) throw new Error('the condition never held within 3 s');
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

    await t.db.execute(sql`select pg_notify(${channel}, '')`);
    await until(() => heard.first === 1 && heard.second === 1);

    await first.close();
    expect(first.isListening()).toBe(false);
    expect(second.isListening()).toBe(true);
    await t.db.execute(sql`select pg_notify(${channel}, '')`);
    await until(() => heard.second === 2);
    expect(heard.first).toBe(1);

    await second.close();
    await until(async () => (await listeningConnections(channel)) === 0);
  });
});
