import { Smile } from 'lucide-react';
import { brandGradient, type Clinic } from '@/lib/clinic';
import { ClinicMark } from '@/components/public/clinic-mark';
import { referralPath } from './brand';
import { QrImage } from './qr-image';
import { ShareButton } from './share-button';
import { BrandGlow } from './brand-glow';
import { CardOffer } from './card-offer';
import type { PublicOffer } from '@/components/lead-form/links';

export interface RewardCardProps {
  firstName: string;
  lastName: string;
  cardNumber: string;
  /** Whole pounds (the referral reward setting). */
  rewardAmount: number;
  /** What the referrer earns in the clinic's words, amount filled in: '£200 cash per referral'. */
  rewardText: string;
  /** The friend's offer (issue 29): its 'Tap for …' under the share button, none when there is no offer. */
  offer: PublicOffer;
  /** What the share message invites a friend to do. */
  offerInvitation: string;
  /** Whose card it is: its logo, name and colour. */
  clinic: Clinic;
}

/**
 * The reward card itself (spec section 2): REWARD CARD, the QR code of the referral link, 'EARN £200 CASH PER
 * REFERRAL' (the clinic's reward wording, issue 29) and 'SHARE IT NOW', the friend's offer, CARDHOLDER and
 * CARD NUMBER. Rendered on the server; the QR image and the share
 * button are the only client parts.
 */
export function RewardCard({
  firstName,
  lastName,
  cardNumber,
  rewardAmount,
  rewardText,
  offer,
  offerInvitation,
  clinic,
}: RewardCardProps) {
  const fullName = `${firstName} ${lastName}`.trim();
  const labelClass = 'text-[0.6875rem] font-semibold tracking-[0.18em]';

  return (
    <article
      aria-labelledby="reward-card-heading"
      className="relative isolate w-full overflow-hidden rounded-[1.75rem] text-white shadow-[0_18px_40px_-12px_rgb(0_64_61/0.55)] ring-1 ring-black/5"
      style={{ backgroundImage: brandGradient(clinic) }}
    >
      <BrandGlow />

      <div className="flex flex-col gap-5 px-5 pt-5 pb-6 min-[380px]:px-6">
        <header className="flex items-center justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <ClinicMark clinic={clinic} onDark />
            <h1 id="reward-card-heading" className="text-lg font-extrabold tracking-[0.24em]">
              REWARD CARD
            </h1>
          </div>
          {!clinic.logoUrl && (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/25">
              <Smile className="size-6" aria-hidden="true" />
            </span>
          )}
        </header>

        <div className="mx-auto rounded-2xl bg-white p-3 shadow-lg shadow-black/20">
          <QrImage cardNumber={cardNumber} fullName={fullName} />
        </div>

        <div className="flex flex-col items-center gap-3.5 text-center">
          <p className="text-xl leading-tight font-extrabold tracking-wide text-balance">
            EARN {rewardText.toLocaleUpperCase('en-GB')}
          </p>
          <ShareButton
            sharePath={referralPath(cardNumber)}
            rewardAmount={rewardAmount}
            clinicName={clinic.name}
            offer={{ offerEnabled: offer.enabled, offerInvitation }}
          />
          <CardOffer offer={offer} />
        </div>

        <dl className="grid gap-3.5 border-t border-white/20 pt-4">
          <div className="min-w-0">
            <dt className={labelClass}>CARDHOLDER</dt>
            <dd className="mt-0.5 text-lg font-semibold break-words">{fullName}</dd>
          </div>
          <div className="min-w-0">
            <dt className={labelClass}>CARD NUMBER</dt>
            <dd className="mt-0.5 font-mono text-lg font-medium tracking-[0.08em] break-all">{cardNumber}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
