import pg from 'pg';
import { PrismaClient } from '@prisma/client';
import { PrismaPg } from '@prisma/adapter-pg';

export type Db = PrismaClient;

const pools = new WeakMap<Db, pg.Pool>();

/**
 * A Prisma client on the pg driver adapter (no native query engine: Prisma's TypeScript query compiler).
 * The pg pool is created here so that the few statements run on every API request (key lookup, GET
 * /usage, request-log batches) can use it directly — see `pgPoolOf` — while everything else goes
 * through Prisma. Prisma still owns the pool's lifetime: `$disconnect` ends it.
 */
export function createDb(databaseUrl: string, poolSize = 10): Db {
  // Idle connections stay open (pg closes them after 10 s by default): a burst after a quiet spell, such
  // as 20 POST /bulk submitters after a crawl, otherwise opens up to `poolSize` connections at once, each
  // a TCP connect, a SCRAM handshake and its prepared statements planned again — 6.7 ms and 3.5 ms of
  // this process's CPU per connection on loopback, against 0.17 ms for a query on an open one. A pool
  // this size is what the process uses at its peak anyway; a connection the server drops is removed by
  // the 'error' handler. Idle connections do not keep a process alive (`allowExitOnIdle`).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, idleTimeoutMillis: 0, allowExitOnIdle: true });
  pool.on('error', () => {}); // an idle client that died is dropped by the pool; the next query reports the outage
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/**
 * The pg pool under `db`, for hot-path statements that skip Prisma's query layer (it costs several
 * times the query itself in CPU at hundreds of requests per second). Undefined once the client was
 * disconnected or for a client not made by `createDb`: callers then fall back to Prisma.
 */
export function pgPoolOf(db: Db): pg.Pool | undefined {
  const pool = pools.get(db);
  return pool && !pool.ending ? pool : undefined;
}

/**
 * A hot-path statement: a named prepared statement on the pg pool (parsed and planned once per
 * connection), or through Prisma when there is no pool. `text` uses $1… placeholders with casts.
 */
export async function queryPrepared<Row>(db: Db, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const pool = pgPoolOf(db);
  if (pool) return (await pool.query({ name, text, values })).rows as Row[];
  return db.$queryRawUnsafe<Row[]>(text, ...values);
}

/** Runs one statement of a transaction (`text` with $1… placeholders; `name` prepares it per connection). */
export type RunSql = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

/**
 * A transaction of hot-path statements on one connection of the pg pool, skipping Prisma's query layer
 * (which hands every parameter — a page's whole content — to its query compiler and back); through a
 * Prisma interactive transaction when there is no pool. Rolled back when `work` throws.
 */
export async function transactionOnPool<T>(db: Db, work: (run: RunSql) => Promise<T>): Promise<T> {
  const pool = pgPoolOf(db);
  if (!pool) return db.$transaction((tx) => work(<Row>(_name: string, text: string, values: unknown[]) => tx.$queryRawUnsafe<Row[]>(text, ...values)));
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(async <Row>(name: string, text: string, values: unknown[]) => (await client.query({ name, text, values })).rows as Row[]);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    // A connection that cannot even roll back is dropped from the pool, not handed to the next caller.
    await client.query('ROLLBACK').catch((rollbackError: Error) => void (broken = rollbackError));
    throw err;
  } finally {
    client.release(broken);
  }
}
