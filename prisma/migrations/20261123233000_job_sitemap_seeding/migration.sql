-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "sitemap_seeding" JSONB;
