/**
 * Developer helper: runs a Prisma CLI command against the project's database, e.g.
 * `npm run migrate:dev -- --name add_x`. Uses DATABASE_URL, else the embedded server of a running
 * `npm start`, else starts the embedded server for the duration of the command.
 */
import { parseConfig } from '../src/config/config.js';
import { embeddedDatabaseRunning, embeddedDatabaseUrl, startEmbeddedDatabase } from './lib/embedded-db.js';
import { prisma } from './lib/migrate.js';
import { step } from './lib/log.js';

const cfg = parseConfig();
const args = process.argv.slice(2);
if (args[0] === 'prisma') args.shift();

let stop: (() => Promise<void>) | undefined;
let url = cfg.DATABASE_URL;
if (!url) {
  if (!(await embeddedDatabaseRunning(cfg))) {
    step('Starting the embedded PostgreSQL for this command');
    const db = await startEmbeddedDatabase(cfg);
    stop = db.stop;
  }
  url = embeddedDatabaseUrl(cfg);
}
try {
  await prisma(args, url, { quiet: false });
} catch (err) {
  process.exitCode = 1;
  console.error((err as Error).message);
} finally {
  await stop?.();
}
