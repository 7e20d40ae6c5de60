-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "treatmentLabel" TEXT;

-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "offerDetails" TEXT NOT NULL DEFAULT 'Someone who loves their smile recommended us to you, and we would like to say thank you. As their friend, you get 5% off your Smile Story with us.',
ADD COLUMN     "offerEnabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "offerHeadline" TEXT NOT NULL DEFAULT '5% off your Smile Story',
ADD COLUMN     "offerInvitation" TEXT NOT NULL DEFAULT 'book a free consultation and get 5% off your Smile Story',
ADD COLUMN     "offerTerms" TEXT NOT NULL DEFAULT 'The 5% is applied by our care co-ordinators when your treatment plan is agreed. Just mention it at your free consultation.',
ADD COLUMN     "rewardWording" TEXT NOT NULL DEFAULT '{amount} cash per referral',
ADD COLUMN     "treatmentOptions" TEXT[] DEFAULT ARRAY['Replace missing teeth', 'Improve my smile', 'A healthy, pain-free mouth', 'Facial Aesthetics treatments']::TEXT[];

-- Leads stored before keep what they chose: the label the form showed for their treatment then.
UPDATE "leads" SET "treatmentLabel" = CASE "treatmentInterest"
  WHEN 'replace-missing-teeth' THEN 'Replace missing teeth'
  WHEN 'improve-my-smile' THEN 'Improve my smile'
  WHEN 'healthy-pain-free-mouth' THEN 'A healthy, pain-free mouth'
  WHEN 'facial-aesthetic-treatments' THEN 'Facial Aesthetics treatments'
END
WHERE "treatmentInterest" IS NOT NULL;
