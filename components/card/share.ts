import { formatPounds } from '@/lib/money';

/** What 'Share via Apps' sends (and what is copied when sharing fails). */
export function shareMessage(rewardAmount: number, link: string): string {
  return (
    "I'm a patient at our clinic and I love it! Use my personal link to book a free consultation and get 5% off " +
    `your Smile Story — and I'll earn a ${formatPounds(rewardAmount)} reward: ${link}`
  );
}
