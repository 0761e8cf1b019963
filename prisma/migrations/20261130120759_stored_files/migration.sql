-- CreateTable
CREATE TABLE "StoredFile" (
    "key" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredFile_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "StoredFilePart" (
    "key" TEXT NOT NULL,
    "part" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,

    CONSTRAINT "StoredFilePart_pkey" PRIMARY KEY ("key","part")
);

-- CreateIndex
CREATE INDEX "StoredFile_createdAt_idx" ON "StoredFile"("createdAt");

-- AddForeignKey
ALTER TABLE "StoredFilePart" ADD CONSTRAINT "StoredFilePart_key_fkey" FOREIGN KEY ("key") REFERENCES "StoredFile"("key") ON DELETE CASCADE ON UPDATE CASCADE;


-- Uploads are mostly compressed already (images, PDFs): stored out of line without a compression
-- attempt, which would only cost CPU on every write.
ALTER TABLE "StoredFilePart" ALTER COLUMN "content" SET STORAGE EXTERNAL;
