import { defineConfig } from 'prisma/config';
import { MigrationPrismaPg, poolConfigFromUrl } from './src/db/migration-adapter.js';

// Prisma 6.19 migrates offline only through the wasm schema engine with a driver adapter
// (the native engine would be downloaded from Prisma's host). scripts/ sets DATABASE_URL.
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: run migrations through `npm run migrate:dev` / `npm start`');
    return new MigrationPrismaPg(poolConfigFromUrl(url));
  },
});
