import { randomBytes } from 'node:crypto';
import { IOT_RETENTION_SETTING } from '@mip/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { sweepExpiredReadings } from './reading-retention.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');

afterEach(async () => {
  await t.db.$client.query('delete from configuration where name = $1', [IOT_RETENTION_SETTING]);
});

async function storeReading(readerId: string, daysAgo: number) {
  await t.db.$client.query(
    `insert into iot_readings (reader_id, value, observed_at, received_at)
     values ($1, $2::float8, now() - make_interval(days => $2::int), now() - make_interval(days => $2::int))`,
    [readerId, daysAgo],
  );
}

async function keptDays(readerId: string): Promise<number[]> {
  const { rows } = await t.db.$client.query<{ value: number }>(
    'select value from iot_readings where reader_id = $1 order by value',
    [readerId],
  );
  return rows.map((row) => row.value);
}

describe('IoT reading retention', () => {
  it('deletes readings and dead letters older than the configured days, and keeps the rest', async () => {
    const reader = `retention-${unique()}`;
    for (const daysAgo of [1, 6, 8, 40]) await storeReading(reader, daysAgo);
    const { rows } = await t.db.$client.query<{ id: number }>(
      `insert into iot_queues (name, protocol, url, topic, format, enabled)
       values ($1, 'MQTT_5', 'mqtt://127.0.0.1:1', 'sensores/#', '{}', false) returning id`,
      [`Retenção ${unique()}`],
    );
    const queueId = rows[0].id;
    await t.db.$client.query(
      `insert into iot_dead_letters (queue_id, payload, reason, received_at)
       values ($1, 'old', 'MALFORMED', now() - interval '8 days'), ($1, 'new', 'MALFORMED', now())`,
      [queueId],
    );

    // The default (30 days) keeps all but the 40-day-old reading.
    await sweepExpiredReadings(t.db);
    expect(await keptDays(reader)).toEqual([1, 6, 8]);

    await t.db.$client.query('insert into configuration (name, value) values ($1, $2)', [IOT_RETENTION_SETTING, '7']);
    await sweepExpiredReadings(t.db);
    expect(await keptDays(reader)).toEqual([1, 6]);
    const letters = await t.db.$client.query<{ payload: string }>(
      'select payload from iot_dead_letters where queue_id = $1',
      [queueId],
    );
    expect(letters.rows.map((row) => row.payload)).toEqual(['new']);
  });
});
