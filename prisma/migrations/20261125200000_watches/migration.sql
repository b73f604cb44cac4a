-- Watches: a bulk or crawl job with change tracking, run on a Temporal Schedule (`watch-<id>`).
CREATE TABLE "watches" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "key_id" TEXT,
    "kind" "JobKind" NOT NULL,
    "input" JSONB NOT NULL,
    "every" TEXT NOT NULL,
    "webhook_url" TEXT,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "paused_reason" TEXT,
    "paused_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "watches_pkey" PRIMARY KEY ("id")
);

-- Each run of a watch: the tick (its workflow id), the job it ran and what it found.
CREATE TABLE "watch_runs" (
    "id" UUID NOT NULL,
    "watch_id" UUID NOT NULL,
    "tick_id" TEXT NOT NULL,
    "job_id" UUID,
    "scheduled_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "status" TEXT NOT NULL,
    "skipped_reason" TEXT,
    "pages" INTEGER,
    "changed" INTEGER,
    "delivery_id" UUID,

    CONSTRAINT "watch_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "watches_account_id_created_at_idx" ON "watches"("account_id", "created_at");
CREATE UNIQUE INDEX "watch_runs_tick_id_key" ON "watch_runs"("tick_id");
CREATE INDEX "watch_runs_watch_id_started_at_idx" ON "watch_runs"("watch_id", "started_at");
CREATE INDEX "watch_runs_started_at_idx" ON "watch_runs"("started_at");

-- AddForeignKey
ALTER TABLE "watches" ADD CONSTRAINT "watches_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "watch_runs" ADD CONSTRAINT "watch_runs_watch_id_fkey" FOREIGN KEY ("watch_id") REFERENCES "watches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
