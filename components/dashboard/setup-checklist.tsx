import Link from 'next/link';
import { CircleCheck, Circle } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { SettingsDto } from '@/lib/dto/settings';
import type { AppUrlState } from '@/lib/local-address';

export interface SetupStep {
  key: 'name' | 'logo' | 'appUrl' | 'reviewLinks' | 'mail';
  label: string;
  done: boolean;
  /** What to do, or what happens until it is done. */
  hint: string;
  href?: string;
}

/**
 * What the public-address step says until it is done. A loopback or private address (issue 29, point 6) is set
 * but not done: card emails and QR codes would carry links that no patient's phone can open.
 */
export function appUrlHint(state: AppUrlState, origin: string): string {
  if (state === 'local') {
    return (
      `APP_URL is ${origin}, which only this computer or network can open: links in patients' emails and QR ` +
      'codes would not work. Set APP_URL to the clinic’s public address (https://…) and restart the app.'
    );
  }
  return 'Links and QR codes use a default address until APP_URL is set on the server.';
}

/** What a clinic sets up before it puts the pages in front of patients (issue 16), and which are done. */
export function setupSteps(
  settings: SettingsDto,
  env: { appUrl: AppUrlState; appOrigin: string; mailSet: boolean },
): SetupStep[] {
  return [
    {
      key: 'name',
      label: 'Clinic name',
      done: Boolean(settings.clinicName),
      hint: 'Until it is set, the public pages say “Your clinic”.',
      href: '/settings#clinicName-input',
    },
    {
      key: 'logo',
      label: 'Logo',
      done: Boolean(settings.logoUrl),
      hint: 'Shown on the reward card, the form, the review page and link previews.',
      href: '/settings',
    },
    {
      key: 'appUrl',
      label: 'Public address (APP_URL)',
      done: env.appUrl === 'public',
      hint: appUrlHint(env.appUrl, env.appOrigin),
    },
    {
      key: 'reviewLinks',
      label: 'Review links',
      done: Boolean(settings.googleReviewLink || settings.trustpilotReviewLink),
      hint: 'Until one is set, the review page says reviews are not set up and counts no visits.',
      href: '/settings#googleReviewLink-input',
    },
    {
      key: 'mail',
      label: 'Email (SMTP_URL)',
      done: env.mailSet,
      hint: 'Messages to clients and staff are sent once a mail server is set on the server.',
    },
  ];
}

/** The first-run checklist on the dashboard, for full admins, until everything on it is done. */
export function SetupChecklist({ steps }: { steps: SetupStep[] }) {
  const left = steps.filter((s) => !s.done).length;
  if (left === 0) return null;
  return (
    <Card aria-labelledby="setup-heading">
      <CardHeader>
        <CardTitle id="setup-heading" role="heading" aria-level={2}>
          Set up your clinic
        </CardTitle>
        <CardDescription>
          {steps.length - left} of {steps.length} done. Finish these before you share cards and review links
          with patients.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2">
          {steps.map((step) => (
            <li key={step.key} className="flex items-start gap-2.5 text-sm" data-done={step.done}>
              {step.done ? (
                <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              ) : (
                <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="grid gap-0.5">
                <span className="font-medium">
                  {step.href && !step.done ? (
                    <Link href={step.href} className="underline underline-offset-4">
                      {step.label}
                    </Link>
                  ) : (
                    step.label
                  )}
                  <span className="sr-only">{step.done ? ': done' : ': not done yet'}</span>
                </span>
                {!step.done && <span className="text-muted-foreground">{step.hint}</span>}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
