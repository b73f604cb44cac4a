-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('settling', 'settled', 'failed');

-- AlterEnum
ALTER TYPE "Plan" ADD VALUE 'x402';

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "payer_address" TEXT,
ALTER COLUMN "email" DROP NOT NULL;

-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "job_token_sealed" TEXT;

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "payment_key" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "payer" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "pay_to" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "amount_cents" DECIMAL(20,6) NOT NULL,
    "units" INTEGER NOT NULL,
    "endpoint" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status" "PaymentStatus" NOT NULL,
    "transaction" TEXT,
    "error_reason" TEXT,
    "job_id" UUID,
    "redeemed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payments_payment_key_key" ON "payments"("payment_key");

-- CreateIndex
CREATE INDEX "payments_account_id_created_at_idx" ON "payments"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "accounts_payer_address_key" ON "accounts"("payer_address");

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
