-- Change tracking, idempotent per job: the job that wrote a page's version and the version it replaced,
-- so a retried activity of the same job compares with what came before the job, not with its own write.
ALTER TABLE "page_snapshots" ADD COLUMN "look_id" TEXT;
ALTER TABLE "page_snapshots" ADD COLUMN "previous" JSONB;
