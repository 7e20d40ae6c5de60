import { QrImage } from './qr-image';
import { clientName, type ClientDto } from './types';

/**
 * The expanded part of a client row. The referral list, its actions and Add Referral come with the referrals
 * work (issue 3, later); until then it says how many there are, next to the card's QR code.
 */
export function ClientReferrals({ client, id }: { client: ClientDto; id: string }) {
  const count = client.referralCount;
  return (
    <div id={id} className="grid gap-4 border-t pt-4 sm:grid-cols-[1fr_auto]">
      <section aria-label={`Referrals of ${clientName(client)}`} className="grid content-start gap-2">
        <h4 className="text-sm font-semibold">Referrals</h4>
        <p className="text-sm text-muted-foreground">
          {count === 0
            ? 'No referrals yet.'
            : `${count.toLocaleString('en-GB')} ${count === 1 ? 'referral' : 'referrals'} recorded.`}
        </p>
      </section>
      <QrImage cardNumber={client.cardNumber} name={clientName(client)} />
    </div>
  );
}
