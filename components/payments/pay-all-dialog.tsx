'use client';

import type { PaymentGroupDto } from '@/lib/dto/payments';
import { formatPounds } from '@/lib/money';
import { periodLabel, type Period } from '@/lib/period';
import { ConfirmFrame } from './confirm-frame';
import { PaidEmailTiming, PayConfirmFooter, PayeeBankNotice, usePayConfirm } from './pay-confirm';
import { bacsText, conversionsLabel } from './texts';

const ERROR_ID = 'pay-all-error';

interface PayAllDialogProps {
  group: PaymentGroupDto;
  period: Period;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Pays; rejects with the reason when it failed. */
  onConfirm: (group: PaymentGroupDto, period: Period) => Promise<unknown>;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Confirms 'Pay All Outstanding' (it records money as sent): who, which month, how many conversions and how
 * much, the bank details to pay to (a warning when there are none), and when the client is emailed.
 */
export function PayAllDialog({
  group,
  period,
  open,
  onOpenChange,
  onConfirm,
  onCloseAutoFocus,
}: PayAllDialogProps) {
  const { busy, error, confirm, onDialogOpenChange } = usePayConfirm(
    () => onConfirm(group, period),
    onOpenChange,
  );
  const unpaid = group.payments.filter((p) => !p.paid).length;
  const amount = formatPounds(group.totalOwed);
  const bacs = bacsText(group);

  return (
    <ConfirmFrame
      open={open}
      onOpenChange={onDialogOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Pay All Outstanding"
      descriptionId="pay-all-description"
      description={
        <>
          <p>
            Mark {conversionsLabel(unpaid)} of {group.clientName} in {periodLabel(period)} as paid:{' '}
            <strong className="text-foreground">{amount}</strong> in total.
          </p>
          <PayeeBankNotice
            clientName={group.clientName}
            bank={{
              hasBankDetails: !!group.accountNumber,
              detail: bacs?.replace(/^BACS: /, '') ?? null,
              heldAt: group.bankDetailsHeldAt,
              changedBy: group.bankDetailsChangedBy,
            }}
          />
          <PaidEmailTiming clientName={group.clientName} />
          <p>Each payment is recorded in the payments audit log with your email address.</p>
        </>
      }
      footer={
        <PayConfirmFooter
          busy={busy}
          error={error}
          errorId={ERROR_ID}
          label={`Pay ${amount}`}
          onConfirm={() => void confirm()}
        />
      }
    />
  );
}
