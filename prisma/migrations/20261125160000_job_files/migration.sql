-- A job's screenshots live as long as the job's results: they are deleted with the job's row.
ALTER TABLE "stored_files" ADD COLUMN "job_id" UUID;

-- CreateIndex
CREATE INDEX "stored_files_job_id_idx" ON "stored_files"("job_id");

-- AddForeignKey
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
