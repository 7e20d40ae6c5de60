import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { getCurrentUser } from '@/lib/auth/current-user';
import { ClinicMark } from '@/components/public/clinic-mark';
import { ContactClinic } from '@/components/public/contact-clinic';
import { clinicStyle } from '@/lib/clinic';
import { getClinic } from '@/lib/services/clinic';

export const metadata: Metadata = { title: 'Page Not Found' };

/**
 * Any address that leads nowhere. Most who see it are patients and friends following a link, so it names the
 * clinic and ends with its phone and website (issue 29, point 12; never the staff login); signed-in staff get
 * their way back to the dashboard.
 */
export default async function NotFound() {
  const [clinic, user] = await Promise.all([getClinic(), getCurrentUser()]);
  return (
    <main
      style={clinicStyle(clinic)}
      className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 py-12 text-center"
    >
      <ClinicMark clinic={clinic} />
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Page Not Found</h1>
      <p className="max-w-md text-pretty text-muted-foreground">
        We could not find this page. The link may not have been copied in full, or it may be out of date.
      </p>
      {user ? (
        <Button asChild>
          <Link href="/">Go to the home page</Link>
        </Button>
      ) : (
        <ContactClinic clinic={clinic} className="max-w-md" />
      )}
    </main>
  );
}
