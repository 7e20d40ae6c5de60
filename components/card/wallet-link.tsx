import { Wallet } from 'lucide-react';
import { publicFileUrl } from '@/lib/contract/paths';

const walletClass =
  'inline-flex h-12 w-full items-center justify-center gap-2.5 rounded-xl bg-black px-6 text-base font-semibold text-white shadow-sm transition hover:bg-neutral-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring active:scale-[0.98]';

/**
 * 'Add to Apple Wallet': the pass download (spec section 2). The page renders it only when the clinic's wallet
 * certificates are configured (walletPassAvailable()); otherwise the download would answer 503.
 * A plain link, not next/link: the answer is a .pkpass file for Wallet, not a page.
 */
export function WalletLink({ cardNumber }: { cardNumber: string }) {
  return (
    <a
      href={publicFileUrl('walletPass', { params: { cardNumber } })}
      type="application/vnd.apple.pkpass"
      className={walletClass}
    >
      <Wallet className="size-5" aria-hidden="true" />
      Add to Apple Wallet
    </a>
  );
}

/**
 * 'Save to Google Wallet': rendered only when the clinic's Google Wallet issuer and key are configured; the
 * address redirects to the card's signed save link on pay.google.com.
 */
export function GoogleWalletLink({ cardNumber }: { cardNumber: string }) {
  return (
    <a href={publicFileUrl('googleWallet', { params: { cardNumber } })} className={walletClass}>
      <Wallet className="size-5" aria-hidden="true" />
      Save to Google Wallet
    </a>
  );
}
