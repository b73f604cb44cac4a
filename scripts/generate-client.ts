/** `npm run prisma:generate`: regenerates the Prisma client when the schema changed (offline-safe). */
import { ensurePrismaClient } from './lib/prisma-client.js';

await ensurePrismaClient();
