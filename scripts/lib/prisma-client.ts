import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './paths.js';
import { prisma } from './migrate.js';
import { step } from './log.js';

const schemaFile = path.join(projectRoot, 'prisma', 'schema.prisma');
const marker = path.join(projectRoot, 'node_modules', '.prisma', 'client', '.pith-schema-sha256');

/** Generates the Prisma client when it is missing or was generated from another schema. */
export async function ensurePrismaClient(): Promise<void> {
  const digest = createHash('sha256').update(readFileSync(schemaFile)).digest('hex');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === digest) return;
  step('Generating the Prisma client');
  // `prisma generate` reads the schema's datasource; it never connects, so any well-formed URL does.
  await prisma(['generate'], 'postgresql://generate:only@127.0.0.1:1/none', { doneWhen: /Generated Prisma Client/ });
  writeFileSync(marker, digest);
}
