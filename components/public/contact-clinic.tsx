import { Globe, Mail, Phone } from 'lucide-react';
import type { Clinic } from '@/lib/clinic';
import { telHref } from '@/lib/format';
import { cn } from '@/lib/utils';

type ContactDetails = Pick<Clinic, 'displayName' | 'inText' | 'phone' | 'website' | 'email'>;

const action =
  'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold shadow-sm transition focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring sm:w-auto';

/**
 * "Contact the clinic" (issue 29, point 12): every dead end a patient can meet (an unknown card, too many tries,
 * an unknown review link, a used or expired bank-details link, an unsubscribe link, a page that does not exist)
 * ends with a way to reach a person: the clinic's phone as a tap-to-call link and its website, from the clinic
 * profile. The email address is offered only when there is no phone, so the choice stays short. Without any of
 * them the words still say who to ask.
 */
export function ContactClinic({
  clinic,
  lead,
  className,
}: {
  clinic: ContactDetails;
  /** The sentence before the links; by default 'Need help? Contact {clinic}.'; '' for none. */
  lead?: string;
  className?: string;
}) {
  const email = !clinic.phone ? clinic.email : null;
  const any = Boolean(clinic.phone || clinic.website || email);
  const text = [
    lead ?? `Need help? Contact ${clinic.displayName}.`,
    !any && `Please get in touch with ${clinic.inText} directly.`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('grid w-full gap-3', className)} data-testid="contact-clinic">
      {text && <p className="text-pretty text-muted-foreground">{text}</p>}
      {any && (
        <div className="flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:flex-wrap">
          {clinic.phone && (
            <a
              href={telHref(clinic.phone)}
              className={cn(action, 'bg-primary text-primary-foreground hover:bg-primary/90')}
            >
              <Phone className="size-5" aria-hidden="true" />
              Call {clinic.phone}
            </a>
          )}
          {email && (
            <a
              href={`mailto:${email}`}
              className={cn(action, 'bg-primary text-primary-foreground hover:bg-primary/90')}
            >
              <Mail className="size-5" aria-hidden="true" />
              Email {clinic.displayName}
            </a>
          )}
          {clinic.website && (
            <a
              href={clinic.website}
              className={cn(action, 'border bg-background text-foreground hover:bg-secondary')}
            >
              <Globe className="size-5" aria-hidden="true" />
              Visit {clinic.displayName}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
