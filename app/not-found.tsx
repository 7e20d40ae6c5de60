import type { Metadata } from 'next';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { getCurrentUser } from '@/lib/auth/current-user';
import { ClinicHomeLink, ClinicMark } from '@/components/public/clinic-mark';
import { clinicStyle } from '@/lib/clinic';
import { getClinic } from '@/lib/services/clinic';

export const metadata: Metadata = { title: 'Page Not Found' };

/**
 * Any address that leads nowhere. Most who see it are patients and friends following a link, so it names the
 * clinic and its button goes to the clinic's website (never to the staff login); signed-in staff get their
 * way back to the dashboard.
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
      <p className="max-w-md text-muted-foreground">
        The page you are looking for does not exist or may have moved.
        {clinic.phone && ` If you need ${clinic.displayName}, call ${clinic.phone}.`}
      </p>
      {user ? (
        <Button asChild>
          <Link href="/">Go to the home page</Link>
        </Button>
      ) : (
        <ClinicHomeLink clinic={clinic} />
      )}
    </main>
  );
}
