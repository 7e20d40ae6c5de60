import { Info } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { RECOMMENDED_BY_MAX } from '@/lib/validation/typed-referrer';
import { LEAD_CONTROL_CLASS, LeadField, leadControlProps } from './lead-field';
import {
  RECOMMENDED_BY_HINT_TEXT,
  RECOMMENDED_BY_LABEL,
  REFERRER_NOT_FOUND_TEXT,
  type ReferrerState,
} from './lead-state';

export const REFERRER_FIELD_ID = 'lead-recommendedBy';
const NOTE_ID = 'lead-recommendedBy-note';

interface ReferrerFieldProps {
  /** The page's ref (a card number), when the visitor came by a link. */
  cardNumber?: string;
  referrer: ReferrerState;
  /** What was typed, when a refused post re-renders the form. */
  typed?: string;
  error?: string;
}

/**
 * Who recommended the friend (spec section 5, issue 29 point 4). With a link whose card number was found: the
 * referrer's name, read-only, and the card number posted as `ref`. Otherwise 'Who recommended you?', optional:
 * their card number or their name. A link whose card number was not found fills it with that number, editable,
 * and says so kindly (never 'Failed to fetch'); the number is then posted only as the field's text, so whatever
 * the friend corrects it to is what counts. Whatever is typed, the thank-you is the same (nothing is revealed
 * about whether it matched a client).
 */
export function ReferrerField({ cardNumber, referrer, typed, error }: ReferrerFieldProps) {
  if (referrer.status === 'found' && cardNumber) {
    return (
      <>
        <input type="hidden" name="ref" value={cardNumber} />
        <LeadField id={REFERRER_FIELD_ID} label="Recommended by">
          <Input
            id={REFERRER_FIELD_ID}
            type="text"
            readOnly
            value={referrer.fullName}
            className={cn(LEAD_CONTROL_CLASS, 'cursor-default bg-secondary/60 font-medium text-foreground')}
          />
        </LeadField>
      </>
    );
  }
  const notFound = referrer.status === 'failed' && Boolean(cardNumber);
  return (
    <LeadField
      id={REFERRER_FIELD_ID}
      label={RECOMMENDED_BY_LABEL}
      error={error}
      noteId={NOTE_ID}
      note={
        notFound ? (
          <p className="flex items-start gap-1.5 text-foreground">
            <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{REFERRER_NOT_FOUND_TEXT}</span>
          </p>
        ) : (
          <p>{RECOMMENDED_BY_HINT_TEXT}</p>
        )
      }
    >
      <Input
        {...leadControlProps(REFERRER_FIELD_ID, error, NOTE_ID)}
        type="text"
        name="recommendedBy"
        autoComplete="off"
        autoCapitalize="words"
        spellCheck={false}
        enterKeyHint="next"
        maxLength={RECOMMENDED_BY_MAX}
        defaultValue={typed ?? (notFound ? cardNumber : '')}
        className={LEAD_CONTROL_CLASS}
      />
    </LeadField>
  );
}
