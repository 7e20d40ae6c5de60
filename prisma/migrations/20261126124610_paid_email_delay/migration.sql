-- AlterEnum
ALTER TYPE "message_kind" ADD VALUE 'reward_paid_correction';

-- AlterEnum
ALTER TYPE "message_status" ADD VALUE 'cancelled';

-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "paidEmailDelayMinutes" INTEGER NOT NULL DEFAULT 10;
