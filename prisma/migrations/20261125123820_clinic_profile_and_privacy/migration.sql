-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "enteredCardNumber" TEXT,
ADD COLUMN     "erasedAt" TIMESTAMPTZ(3),
ADD COLUMN     "marketingConsent" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "marketingConsentAt" TIMESTAMPTZ(3),
ALTER COLUMN "email" DROP NOT NULL;

-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "brandColour" TEXT,
ADD COLUMN     "clinicAddress" TEXT,
ADD COLUMN     "clinicEmail" TEXT,
ADD COLUMN     "clinicName" TEXT,
ADD COLUMN     "clinicPhone" TEXT,
ADD COLUMN     "clinicWebsite" TEXT,
ADD COLUMN     "leadRetentionMonths" INTEGER NOT NULL DEFAULT 24,
ADD COLUMN     "logoHash" TEXT,
ADD COLUMN     "logoPng" BYTEA,
ADD COLUMN     "privacyNoticeUrl" TEXT;

-- CreateIndex
CREATE INDEX "leads_enteredCardNumber_idx" ON "leads"("enteredCardNumber");
