/**
 * Operator commands (no API exposure):
 *   npm run admin -- plan <email> <free|pro|growth|enterprise>
 *   npm run admin -- deactivate <email>
 *   npm run admin -- activate <email>
 *   npm run admin -- show <email>
 * Uses DATABASE_URL, else the embedded PostgreSQL of a running `npm start`.
 */
import { parseConfig } from '../src/config/config.js';
import { createDb } from '../src/db/prisma.js';
import { PLAN_NAMES, type PlanName } from '../src/contract/plans.js';
import { embeddedDatabaseUrl } from './lib/embedded-db.js';

const [command, email, value] = process.argv.slice(2);
const usage = 'usage: npm run admin -- plan <email> <free|pro|growth|enterprise> | deactivate <email> | activate <email> | show <email>';
if (!command || !email) {
  console.error(usage);
  process.exit(2);
}
const cfg = parseConfig();
const db = createDb(cfg.DATABASE_URL ?? embeddedDatabaseUrl(cfg), 2);
try {
  const where = { email: email.toLowerCase() };
  const account = await db.account.findUnique({ where });
  if (!account) throw new Error(`No account for ${email}`);
  let updated = account;
  if (command === 'plan') {
    if (!value || !(PLAN_NAMES as readonly string[]).includes(value)) throw new Error(`Plan must be one of ${PLAN_NAMES.join(', ')}`);
    updated = await db.account.update({ where, data: { plan: value as PlanName } });
  } else if (command === 'deactivate' || command === 'activate') {
    updated = await db.account.update({ where, data: { active: command === 'activate' } });
  } else if (command !== 'show') {
    throw new Error(usage);
  }
  console.log(JSON.stringify({ account_id: updated.id, email: updated.email, plan: updated.plan, active: updated.active }));
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
