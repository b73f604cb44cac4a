-- The content cache (max_age): one entry per normalised URL, shared by every account.
CREATE TABLE "page_cache" (
    "url_key" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "etag" TEXT,
    "last_modified" TEXT,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "size_bytes" INTEGER NOT NULL,

    CONSTRAINT "page_cache_pkey" PRIMARY KEY ("url_key")
);

-- CreateIndex
CREATE INDEX "page_cache_expires_at_idx" ON "page_cache"("expires_at");
