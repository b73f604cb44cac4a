-- CreateTable
CREATE TABLE "search_documents" (
    "id" BIGSERIAL NOT NULL,
    "account_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT,
    "body" TEXT NOT NULL,
    "indexed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "search_vector" tsvector,

    CONSTRAINT "search_documents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "search_documents_search_vector_idx" ON "search_documents" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "search_documents_expires_at_idx" ON "search_documents"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "search_documents_account_id_url_key" ON "search_documents"("account_id", "url");

-- AddForeignKey
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
