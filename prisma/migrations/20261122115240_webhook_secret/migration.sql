-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "webhook_secret" TEXT,
ADD COLUMN     "webhook_secret_rotated_at" TIMESTAMPTZ(3);
