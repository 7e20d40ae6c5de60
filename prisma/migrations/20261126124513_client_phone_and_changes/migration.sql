-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "phone" TEXT;

-- CreateTable
CREATE TABLE "client_changes" (
    "id" UUID NOT NULL,
    "clientId" UUID NOT NULL,
    "field" TEXT NOT NULL,
    "fromValue" TEXT,
    "toValue" TEXT,
    "performedById" UUID,
    "performedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "client_changes_clientId_createdAt_idx" ON "client_changes"("clientId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "client_changes" ADD CONSTRAINT "client_changes_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;
