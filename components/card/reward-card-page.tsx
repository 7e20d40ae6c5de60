import { BookmarkPrompt } from './bookmark-prompt';
import { CardNotFound } from './card-not-found';
import { CardShell } from './card-shell';
import type { RewardCardData } from './load-card';
import { RewardCard } from './reward-card';
import { WalletLink } from './wallet-link';

interface RewardCardPageProps {
  /** null: no token or no card. */
  data: RewardCardData | null;
}

/** The public reward card page, shared by /card/{cardToken} and /referral-reward-card?token=... */
export function RewardCardPage({ data }: RewardCardPageProps) {
  if (!data) return <CardNotFound />;
  const { card, rewardAmount, walletAvailable } = data;
  return (
    <CardShell>
      <RewardCard
        firstName={card.firstName}
        lastName={card.lastName}
        cardNumber={card.cardNumber}
        rewardAmount={rewardAmount}
      />
      {walletAvailable && <WalletLink cardNumber={card.cardNumber} />}
      <BookmarkPrompt />
    </CardShell>
  );
}
