import { getClinic } from '@/lib/services/clinic';
import { BookmarkPrompt } from './bookmark-prompt';
import { CardNotFound } from './card-not-found';
import { CardShell } from './card-shell';
import type { RewardCardData } from './load-card';
import { RewardCard } from './reward-card';
import { ShowQr } from './show-qr';
import { GoogleWalletLink, WalletLink } from './wallet-link';

interface RewardCardPageProps {
  /** null: no token or no card. */
  data: RewardCardData | null;
}

/** The public reward card page, shared by /card/{cardToken} and /referral-reward-card?token=... */
export async function RewardCardPage({ data }: RewardCardPageProps) {
  if (!data) return <CardNotFound clinic={await getClinic()} />;
  const { card, rewardAmount, wallets, clinic, rewardText, offer, offerInvitation } = data;
  return (
    <CardShell clinic={clinic}>
      <RewardCard
        firstName={card.firstName}
        lastName={card.lastName}
        cardNumber={card.cardNumber}
        rewardAmount={rewardAmount}
        rewardText={rewardText}
        offer={offer}
        offerInvitation={offerInvitation}
        clinic={clinic}
      />
      <p className="text-center text-base font-medium text-pretty">Show this card at {clinic.inText}</p>
      <ShowQr cardNumber={card.cardNumber} />
      {wallets.apple && <WalletLink cardNumber={card.cardNumber} />}
      {wallets.google && <GoogleWalletLink cardNumber={card.cardNumber} />}
      <BookmarkPrompt />
    </CardShell>
  );
}
