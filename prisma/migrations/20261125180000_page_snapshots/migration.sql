-- Change tracking: an account's last version of each page it tracks.
CREATE TABLE "page_snapshots" (
    "account_id" UUID NOT NULL,
    "url_key" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "removed" BOOLEAN NOT NULL DEFAULT false,
    "seen_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "page_snapshots_pkey" PRIMARY KEY ("account_id","url_key")
);

-- CreateIndex
CREATE INDEX "page_snapshots_seen_at_idx" ON "page_snapshots"("seen_at");

-- AddForeignKey
ALTER TABLE "page_snapshots" ADD CONSTRAINT "page_snapshots_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
