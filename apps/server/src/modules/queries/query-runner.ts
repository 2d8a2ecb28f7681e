import type { TParameterValues, TQueryColumnType, TQueryParameterDefinition, TQueryResult } from '@mip/shared';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { surviveConnectionLoss } from '../../db/connection-loss.ts';
import { fieldErrors } from '../../http/errors.ts';
import { createQueryPoolShares, PoolShareRefusedError, type TQueryShare } from './query-pool-shares.ts';
import { enableQueryReaderLogin, queryReaderUrl } from './query-reader-login.ts';
import { compileQuery, parameterErrors, QueryTemplateError, type TQueryCaller } from './sql-template.ts';

export type { TQueryShare } from './query-pool-shares.ts';
export type { TQueryCaller } from './sql-template.ts';

export interface TQuerySpec {
  query: string;
  parameters: readonly TQueryParameterDefinition[];
  values: TParameterValues;
  caller: TQueryCaller;
  timeoutMs: number;
  /** Rows beyond it are not read; the answer says `truncated`. */
  rowCap: number;
  /**
   * `run` only: past this many bytes of rows the reading stops and the query
   * fails with TOO_LARGE (the runner's `resultByteCap` when absent).
   */
  byteCap?: number;
  /**
   * Whom an interactive call runs for: it gets a connection within its share
   * of the pool or fails at once with BUSY. Without it (background work) the
   * call queues for a connection as long as the pool's own wait.
   */
  share?: TQueryShare;
}

/** What the runner has read since it started, for tests and the bench to watch. */
export interface TQueryRunnerCounters {
  /** Statements run through `run` (widgets, previews). */
  runs: number;
  rowsRead: number;
  /** The rows' weight as JSON, as the byte cap counts it. */
  bytesRead: number;
}

export interface TRowSink {
  columns: (headers: string[], types: TQueryColumnType[]) => Promise<void> | void;
  rows: (batch: unknown[][]) => Promise<void> | void;
}

export interface TQueryRunner {
  /**
   * Checks the values (field errors `parameters.<name>`), then runs the query
   * read-only as the reader role. Rejects with QueryFailedError when the SQL
   * fails or times out.
   */
  run: (spec: TQuerySpec) => Promise<TQueryResult & { sqlMs: number; bytes: number }>;
  /** The same, handing the rows on in batches (reports of many rows) without holding them all. */
  stream: (
    spec: TQuerySpec & { batchSize?: number },
    sink: TRowSink,
  ) => Promise<{ rowCount: number; truncated: boolean }>;
  /**
   * The columns a query answers with, without reading its rows (it runs under
   * `limit 0`); values stand in for every parameter so each partial query is checked.
   */
  describe: (spec: Omit<TQuerySpec, 'rowCap'>) => Promise<Pick<TQueryResult, 'headers' | 'columnTypes'>>;
  close: () => Promise<void>;
  readonly counters: Readonly<TQueryRunnerCounters>;
}

/**
 * Spec 001 §5 "Report filters": the values against their parameters (mandatory,
 * integers only, past dates only…) as field errors `<property>.<variableName>`,
 * before anything runs or is queued.
 */
export function checkParameterValues(
  definitions: readonly TQueryParameterDefinition[],
  values: TParameterValues,
  property = 'parameters',
): void {
  const errors = parameterErrors(definitions, values, { property });
  if (errors.length > 0) throw fieldErrors(errors);
}

/** BUSY: no connection within the caller's share of the pool; TOO_LARGE: the result passed the byte cap. */
export type TQueryFailure = 'SQL' | 'TIMEOUT' | 'UNAVAILABLE' | 'BUSY' | 'TOO_LARGE';

export class QueryFailedError extends Error {
  readonly kind: TQueryFailure;
  /** The database's own message (in English), for the author of the query. */
  readonly detail: string;
  constructor(kind: TQueryFailure, detail: string) {
    super(detail);
    this.kind = kind;
    this.detail = detail;
  }
}

const OID = {
  bool: 16,
  int8: 20,
  int2: 21,
  int4: 23,
  oid: 26,
  json: 114,
  float4: 700,
  float8: 701,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
  numeric: 1700,
  jsonb: 3802,
  int8Array: 1016,
  numericArray: 1231,
} as const;

export function columnTypeOf(oid: number): TQueryColumnType {
  switch (oid) {
    case OID.int2:
    case OID.int4:
    case OID.int8:
    case OID.oid:
    case OID.float4:
    case OID.float8:
    case OID.numeric:
      return 'number';
    case OID.bool:
      return 'boolean';
    case OID.date:
      return 'date';
    case OID.timestamp:
    case OID.timestamptz:
      return 'datetime';
    case OID.json:
    case OID.jsonb:
      return 'json';
    default:
      return 'text';
  }
}

/**
 * How values come out: numbers as numbers (charts add them), a date as
 * YYYY-MM-DD and a timestamp as ISO text — never a JavaScript Date, which
 * would shift a date by the server's time zone.
 */
const RESULT_TYPES = {
  getTypeParser: ((oid: number, format?: string) => {
    switch (oid) {
      case OID.int8:
      case OID.numeric:
        return (value: string) => Number(value);
      case OID.date:
      case OID.timestamp:
        return (value: string) => value;
      case OID.timestamptz:
        return (value: string) => new Date(value).toISOString();
      case OID.int8Array:
      case OID.numericArray: {
        const parseArray = (pg.types.getTypeParser as (id: number, format: string) => (value: string) => unknown[])(
          oid,
          'text',
        );
        return (value: string) => parseArray(value).map((item) => (item === null ? null : Number(item)));
      }
      default:
        return pg.types.getTypeParser(oid, format as 'text');
    }
  }) as typeof pg.types.getTypeParser,
};

const CONNECTION_WAIT_MS = 10_000;
/**
 * How long an interactive call waits for a slot within its share before BUSY:
 * long enough for a dashboard's widgets, all asked for at once, to take turns
 * on fast queries; far shorter than any slow query that holds the slots.
 */
const SHARE_WAIT_MS = 500;
/**
 * Rows in the first read of a result, before their width is known: the most a
 * byte cap can be overshot by, and enough for a chart's rows in one round trip.
 */
export const FIRST_BATCH_ROWS = 50;
const MAX_BATCH_ROWS = 2_000;
/**
 * The extended protocol even without values: it takes one statement only, so
 * text that closes the wrapping parenthesis cannot append `commit; …` and run
 * outside the read-only transaction.
 */
const ONE_STATEMENT = { queryMode: 'extended' } as const;
/** What every reader session runs under until a query asks for another timeout. */
const DEFAULT_SESSION_TIMEOUT_MS = 5_000;

/**
 * The reader session's own settings, made on every new connection and again
 * after every reset: read-only transactions (so a single query needs no
 * `begin`), UTC (date parameters are days in UTC, spec 001 §5), the public
 * schema, and the statement and lock timeouts.
 */
function sessionSettings(timeoutMs: number): string {
  return `set default_transaction_read_only = on;
    set default_transaction_isolation = 'repeatable read';
    set timezone = 'UTC';
    set search_path = public;
    ${timeoutSettings(timeoutMs)}`;
}

function timeoutSettings(timeoutMs: number): string {
  return `set statement_timeout = ${timeoutMs}; set lock_timeout = ${timeoutMs}`;
}

/**
 * Ends the transaction and undoes, in the same round trip, whatever a query
 * left on its session for the next caller: advisory locks (which the
 * platform's own singletons take), settings made with set_config(…, false),
 * prepared statements, held cursors and LISTENs — then puts the reader's own
 * settings back. Temporary tables and sequences cannot be made read-only.
 */
function sessionReset(timeoutMs: number): string {
  return `rollback; select pg_advisory_unlock_all(); reset all; close all; deallocate all; unlisten *;
    ${sessionSettings(timeoutMs)}`;
}
const LOGIN_RETRY_MS = 60_000;

function failureOf(error: unknown): QueryFailedError {
  if (error instanceof QueryFailedError) return error;
  const pgError = error as { code?: string; message?: string };
  // 57014: canceled by statement_timeout (the only cancel we send).
  if (pgError.code === '57014') return new QueryFailedError('TIMEOUT', pgError.message ?? 'statement timeout');
  if (typeof pgError.code === 'string') return new QueryFailedError('SQL', pgError.message ?? 'query failed');
  return new QueryFailedError('UNAVAILABLE', (error as Error)?.message ?? String(error));
}

/** About what a row weighs once sent as JSON: what the byte cap counts as rows arrive. */
export function rowBytesOf(row: readonly unknown[]): number {
  let bytes = 2;
  for (const value of row) {
    if (typeof value === 'string') bytes += value.length + 3;
    else if (value === null || typeof value !== 'object') bytes += String(value).length + 1;
    else bytes += (JSON.stringify(value)?.length ?? 4) + 1;
  }
  return bytes;
}

/**
 * The next read's size: as many rows as, at the average width so far, would
 * just pass the bytes still allowed — so a wide result stops within a row or
 * two of the cap, and a narrow one is read in few round trips.
 */
function nextBatchRows(rowsRead: number, bytesRead: number, byteCap: number): number {
  const averageBytes = Math.max(1, bytesRead / Math.max(1, rowsRead));
  return Math.min(MAX_BATCH_ROWS, Math.max(1, Math.ceil((byteCap - bytesRead) / averageBytes) + 1));
}

/** Reads up to `count` rows from a cursor, with the result's column descriptions. */
function readRows(cursor: Cursor, count: number) {
  return new Promise<{ rows: unknown[][]; fields: { name: string; dataTypeID: number }[] }>((resolve, reject) => {
    cursor.read(count, (error, rows, result) => {
      if (error) reject(error);
      else resolve({ rows: rows as unknown[][], fields: result.fields });
    });
  });
}

/**
 * Runs user-authored SQL on a pool of its own (so a runaway query never takes
 * a connection the rest of the API needs), logged in as the reader role, in a
 * read-only transaction with a statement timeout.
 */
export function createQueryRunner(options: {
  databaseUrl: string;
  password: string;
  /** The application's pool: it gives the reader its login the first time. */
  admin: pg.Pool;
  poolSize: number;
  /** `run`'s byte cap when a call names none. */
  resultByteCap: number;
  log?: (message: string) => void;
}): TQueryRunner {
  const counters: TQueryRunnerCounters = { runs: 0, rowsRead: 0, bytesRead: 0 };
  const shares = createQueryPoolShares({
    poolSize: options.poolSize,
    shareWaitMs: SHARE_WAIT_MS,
    backgroundWaitMs: CONNECTION_WAIT_MS,
  });
  const pool = new pg.Pool({
    connectionString: queryReaderUrl(options.databaseUrl, options.password),
    max: options.poolSize,
    connectionTimeoutMillis: CONNECTION_WAIT_MS,
    application_name: 'mip-query-reader',
    idleTimeoutMillis: 60_000,
  });
  surviveConnectionLoss(pool);
  /** Each connection's current statement timeout, so a query with the same one needs no round trip to set it. */
  const sessionTimeouts = new WeakMap<pg.PoolClient, number>();
  /** A new connection's settings; nothing runs on it before they are in place. */
  const sessionsReady = new WeakMap<pg.PoolClient, Promise<unknown>>();
  pool.on('connect', (client) => {
    sessionsReady.set(client as pg.PoolClient, client.query(sessionSettings(DEFAULT_SESSION_TIMEOUT_MS)));
    sessionTimeouts.set(client as pg.PoolClient, DEFAULT_SESSION_TIMEOUT_MS);
  });
  let login: Promise<string | null> | null = null;
  let loginFailedAt = 0;

  async function ensureLogin(): Promise<void> {
    if (login && loginFailedAt && Date.now() - loginFailedAt > LOGIN_RETRY_MS) login = null;
    if (!login) {
      const attempt = enableQueryReaderLogin(options.admin, options.databaseUrl, options.password).then((reason) => {
        if (reason) {
          loginFailedAt = Date.now();
          options.log?.(`data sources and reports cannot run: ${reason}`);
        }
        return reason;
      });
      // The database could not be asked (down, restarting): ask again on the next query rather than never.
      attempt.catch(() => {
        if (login === attempt) login = null;
      });
      login = attempt;
    }
    const reason = await login;
    if (reason) throw new QueryFailedError('UNAVAILABLE', reason);
  }

  function compile(spec: Omit<TQuerySpec, 'rowCap'>, checkValues: boolean) {
    if (checkValues) checkParameterValues(spec.parameters, spec.values);
    try {
      return compileQuery(spec.query, spec.parameters, spec.values, spec.caller);
    } catch (error) {
      if (error instanceof QueryTemplateError) throw new QueryFailedError('SQL', error.message);
      throw error;
    }
  }

  /** A slot within the caller's share, then a connection: the pool never has more callers than connections. */
  async function connect(share: TQueryShare | undefined): Promise<{ client: pg.PoolClient; leave: () => void }> {
    await ensureLogin();
    let leave: () => void;
    try {
      leave = await shares.enter(share);
    } catch (error) {
      if (error instanceof PoolShareRefusedError && error.reason === 'BUSY')
        throw new QueryFailedError('BUSY', error.message);
      throw new QueryFailedError('UNAVAILABLE', (error as Error).message);
    }
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      leave();
      throw new QueryFailedError('UNAVAILABLE', (error as Error).message);
    }
    try {
      await sessionsReady.get(client);
    } catch (error) {
      client.release(true);
      leave();
      throw new QueryFailedError('UNAVAILABLE', (error as Error).message);
    }
    return { client, leave };
  }

  /**
   * Resets the session and only then gives the connection (and its slot)
   * back. The caller does not wait for it: the answer is ready once the query
   * has run.
   */
  function resetAndRelease(client: pg.PoolClient, leave: () => void): Promise<void> {
    const timeoutMs = sessionTimeouts.get(client) ?? DEFAULT_SESSION_TIMEOUT_MS;
    return client
      .query(sessionReset(timeoutMs))
      .then(
        () => client.release(),
        () => client.release(true),
      )
      .finally(leave);
  }

  const timeoutOf = (spec: Pick<TQuerySpec, 'timeoutMs'>) => Math.max(1, Math.trunc(spec.timeoutMs));

  /** One statement in the session's own read-only transaction: one round trip when the timeout is the session's. */
  async function withStatement<T>(
    spec: TQuerySpec,
    work: (client: pg.PoolClient, text: string, values: unknown[]) => Promise<T>,
  ): Promise<T> {
    const compiled = compile(spec, true);
    const { client, leave } = await connect(spec.share);
    try {
      const timeout = timeoutOf(spec);
      if (sessionTimeouts.get(client) !== timeout) {
        await client.query(timeoutSettings(timeout));
        sessionTimeouts.set(client, timeout);
      }
      return await work(client, compiled.text, compiled.values);
    } catch (error) {
      throw failureOf(error);
    } finally {
      void resetAndRelease(client, leave);
    }
  }

  /** Several round trips (a cursor) in one read-only, repeatable-read transaction with the spec's timeout. */
  async function withTransaction<T>(
    spec: Omit<TQuerySpec, 'rowCap'>,
    work: (client: pg.PoolClient, text: string, values: unknown[]) => Promise<T>,
    options: { checkValues: boolean } = { checkValues: true },
  ): Promise<T> {
    const compiled = compile(spec, options.checkValues);
    const { client, leave } = await connect(spec.share);
    try {
      const timeout = timeoutOf(spec);
      await client.query(
        `begin transaction isolation level repeatable read, read only;
         set local statement_timeout = ${timeout};
         set local lock_timeout = ${timeout}`,
      );
      return await work(client, compiled.text, compiled.values);
    } catch (error) {
      throw failureOf(error);
    } finally {
      await resetAndRelease(client, leave);
    }
  }

  return {
    run: (spec) =>
      withStatement(spec, async (client, text, values) => {
        counters.runs++;
        const byteCap = spec.byteCap ?? options.resultByteCap;
        const startedAt = performance.now();
        // Read in batches, weighing rows as they come, so a wide result is stopped at the cap instead of
        // being held whole (node-postgres would otherwise buffer every row before handing any over).
        // The outer query keeps the inner one's order.
        const cursor = client.query(
          new Cursor(`select * from (\n${text}\n) as capped`, values, { rowMode: 'array', types: RESULT_TYPES }),
        );
        try {
          const rows: unknown[][] = [];
          let bytes = 0;
          let batchRows = FIRST_BATCH_ROWS;
          let fields: { name: string; dataTypeID: number }[] = [];
          for (;;) {
            const want = Math.min(batchRows, spec.rowCap + 1 - rows.length);
            const batch = await readRows(cursor, want);
            fields = batch.fields;
            for (const row of batch.rows) {
              const rowBytes = rowBytesOf(row);
              bytes += rowBytes;
              counters.rowsRead++;
              counters.bytesRead += rowBytes;
              rows.push(row);
            }
            if (bytes > byteCap) throw new QueryFailedError('TOO_LARGE', `The result is over ${byteCap} bytes`);
            if (batch.rows.length < want || rows.length > spec.rowCap) break;
            batchRows = nextBatchRows(rows.length, bytes, byteCap);
          }
          const sqlMs = performance.now() - startedAt;
          const truncated = rows.length > spec.rowCap;
          return {
            headers: fields.map((field) => field.name),
            columnTypes: fields.map((field) => columnTypeOf(field.dataTypeID)),
            rows: truncated ? rows.slice(0, spec.rowCap) : rows,
            truncated,
            sqlMs,
            bytes,
          };
        } finally {
          // Not awaited: the session reset queues behind the cursor on the connection, and a finished cursor
          // would only cost the answer another turn of the event loop.
          void cursor.close().catch(() => {});
        }
      }),
    stream: (spec, sink) =>
      withTransaction(spec, async (client, text, values) => {
        const batchSize = spec.batchSize ?? 2_000;
        // Wrapped like the other paths: only a query reads through it, never a statement such as NOTIFY
        // (allowed in a read-only transaction, and no privilege stops it).
        const cursor = client.query(
          new Cursor(`select * from (\n${text}\n) as streamed`, values, { rowMode: 'array', types: RESULT_TYPES }),
        );
        try {
          let rowCount = 0;
          let hasColumns = false;
          for (;;) {
            const want = Math.min(batchSize, spec.rowCap + 1 - rowCount);
            const { rows, fields } = await readRows(cursor, want);
            if (!hasColumns) {
              hasColumns = true;
              await sink.columns(
                fields.map((field) => field.name),
                fields.map((field) => columnTypeOf(field.dataTypeID)),
              );
            }
            const room = spec.rowCap - rowCount;
            if (rows.length > room) {
              if (room > 0) await sink.rows(rows.slice(0, room));
              return { rowCount: spec.rowCap, truncated: true };
            }
            if (rows.length > 0) await sink.rows(rows);
            rowCount += rows.length;
            if (rows.length < want) return { rowCount, truncated: false };
          }
        } finally {
          await cursor.close().catch(() => {});
        }
      }),
    describe: (spec) =>
      withTransaction(
        spec,
        async (client, text, values) => {
          // A newline before the parenthesis: the query may end in a -- comment.
          const result = await client.query({
            text: `select * from (\n${text}\n) as described limit 0`,
            values,
            ...ONE_STATEMENT,
          });
          return {
            headers: result.fields.map((field) => field.name),
            columnTypes: result.fields.map((field) => columnTypeOf(field.dataTypeID)),
          };
        },
        { checkValues: false },
      ),
    close: () => pool.end(),
    counters,
  };
}
