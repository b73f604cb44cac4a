-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "request_id" TEXT;
