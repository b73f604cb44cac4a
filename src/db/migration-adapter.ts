import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';

/**
 * The driver adapter the Prisma CLI (wasm schema engine) migrates with, offline.
 * Two upstream bugs are worked around here; each override names its bug.
 */

const OID_CHAR = 18; // PostgreSQL "char"
const OID_NAME = 19; // PostgreSQL name
const OID_TEXT = 25;

type FieldLike = { dataTypeID: number };
type ResultLike = { fields?: FieldLike[] };

/** Reports catalog columns of types `name` and `"char"` as `text`, which adapter-pg can map. */
function relabelCatalogTypes<T>(result: T): T {
  const fields = (result as ResultLike | undefined)?.fields;
  if (Array.isArray(fields)) {
    for (const field of fields) {
      if (field.dataTypeID === OID_NAME || field.dataTypeID === OID_CHAR) field.dataTypeID = OID_TEXT;
    }
  }
  return result;
}

/**
 * prisma/prisma#27403: the wasm schema engine introspects catalog columns typed `name` (oid 19) and
 * `"char"` (oid 18) that adapter-pg cannot map, and `migrate dev` hangs. pg's Pool calls `query` in both
 * the promise and the callback form, so both are relabelled.
 */
export class CatalogTypesClient extends pg.Client {
  // pg's overloads cannot be re-declared one by one without losing them; one variadic override keeps them all.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      const callback = last as (err: Error | null, result: unknown) => void;
      args[args.length - 1] = (err: Error | null, result: unknown) => callback(err, err ? result : relabelCatalogTypes(result));
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const returned = (super.query as (...a: unknown[]) => unknown)(...args);
    if (returned && typeof (returned as Promise<unknown>).then === 'function') {
      return (returned as Promise<unknown>).then(relabelCatalogTypes);
    }
    return returned; // a Submittable: its rows go to its own callbacks
  }
}

/** Pool settings from a URL as discrete fields: pg lets `connectionString` override `database`, which the shadow pool must change. */
export function poolConfigFromUrl(databaseUrl: string): pg.PoolConfig {
  const url = new URL(databaseUrl);
  return {
    host: decodeURIComponent(url.hostname),
    port: url.port ? Number(url.port) : 5432,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')),
    max: 4,
    Client: CatalogTypesClient,
  };
}

/**
 * The stock factory drops the shadow database while its own pool still holds connections
 * ("database … is being accessed by other users") and never closes the connection it dropped from.
 * Here the shadow pool is closed first, then the database dropped, then that connection released.
 */
export class MigrationPrismaPg extends PrismaPg {
  constructor(private readonly poolConfig: pg.PoolConfig) {
    super(poolConfig);
  }

  override async connectToShadowDb() {
    const admin = await this.connect();
    const database = `prisma_migrate_shadow_db_${randomUUID()}`;
    await admin.executeScript(`CREATE DATABASE "${database}"`);
    const shadow = await new PrismaPg({ ...this.poolConfig, database }).connect();
    const closeShadowPool = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await closeShadowPool();
      try {
        await admin.executeScript(`DROP DATABASE IF EXISTS "${database}"`);
      } finally {
        await admin.dispose();
      }
    };
    return shadow;
  }
}
