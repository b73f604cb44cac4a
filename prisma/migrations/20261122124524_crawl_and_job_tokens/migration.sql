-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "job_token_hash" TEXT,
ADD COLUMN     "truncated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "truncated_reason" TEXT;

-- CreateTable
CREATE TABLE "crawl_urls" (
    "job_id" UUID NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "depth" INTEGER NOT NULL,

    CONSTRAINT "crawl_urls_pkey" PRIMARY KEY ("job_id","ordinal")
);

-- CreateIndex
CREATE UNIQUE INDEX "crawl_urls_job_id_url_key" ON "crawl_urls"("job_id", "url");

-- CreateIndex
CREATE UNIQUE INDEX "jobs_job_token_hash_key" ON "jobs"("job_token_hash");

-- AddForeignKey
ALTER TABLE "crawl_urls" ADD CONSTRAINT "crawl_urls_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
