import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { Clinic } from '@/lib/clinic';
import { ClinicMark } from '@/components/public/clinic-mark';
import { ContactClinic } from '@/components/public/contact-clinic';
import { CardShell } from './card-shell';

/**
 * A public link that leads nowhere (no such card, no such team member), said in place: the app's 404 page
 * would only say 'Page Not Found'. It ends with the clinic's phone and website (issue 29, point 12).
 */
export function NotFoundPanel({
  id,
  icon: Icon,
  title,
  clinic,
  children,
}: {
  clinic: Clinic;
  /** The heading's id, which names the section. */
  id: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <CardShell clinic={clinic} className="justify-center">
      <ClinicMark clinic={clinic} />
      <section
        aria-labelledby={id}
        className="flex w-full flex-col items-center gap-4 rounded-3xl border bg-card px-6 py-10 text-center shadow-sm"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 id={id} className="text-xl font-semibold tracking-tight text-balance">
          {title}
        </h1>
        <p className="text-pretty text-muted-foreground">{children}</p>
        <ContactClinic clinic={clinic} />
      </section>
    </CardShell>
  );
}
