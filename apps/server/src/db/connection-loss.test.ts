import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { isDatabaseUnavailable, surviveConnectionLoss } from './connection-loss.ts';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a server shutting down (57P01)', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a server starting up (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection that broke', new Error('Connection terminated unexpectedly')],
    ['a full pool that timed out', new Error('timeout exceeded when trying to connect')],
    ['a query wrapped by Drizzle', new Error('Failed query: insert …', { cause: new Error('Connection terminated') })],
    ['every address refusing', new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })])],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    [
      'a unique violation',
      new Error('Failed query', { cause: Object.assign(new Error('duplicate'), { code: '23505' }) }),
    ],
    ['a defect of ours', new TypeError('cannot read properties of undefined')],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('surviveConnectionLoss', () => {
  it('gives the pool back the slot of a connection lost while checked out, even when its holder never releases it', async () => {
    const url = inject('adminDatabaseUrl');
    const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 3_000 });
    surviveConnectionLoss(pool);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Checked out and kept, as a transaction whose `begin` failed keeps it in Drizzle.
      const held = await pool.connect();
      const lost = new Promise((resolve) => held.once('error', resolve));
      const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
      await lost;

      // The process is still here, and the pool's only slot serves the next query.
      const { rows: answer } = await pool.query<{ one: number }>('select 1 as one');
      expect(answer).toEqual([{ one: 1 }]);
      held.release();
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
