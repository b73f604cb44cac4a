-- The local search index (POST /search, SEARCH_PROVIDER=local). See model SearchDocument.
-- CreateTable
CREATE TABLE "search_documents" (
    "id" BIGSERIAL NOT NULL,
    "account_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT,
    "body" TEXT NOT NULL,
    "indexed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    -- Hand-edited (Prisma cannot express generated columns, the model marks it dbgenerated()):
    -- maintained by PostgreSQL on every write, so no writer can forget it. The title outranks the body
    -- (weight A vs B), the two-argument to_tsvector is immutable, as a generated column requires
    "search_vector" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
        setweight(to_tsvector('english'::regconfig, "body"), 'B')
    ) STORED,

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
