'use client';

import { useRef, useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorAlert } from '@/components/shared/error-alert';
import { errorMessage } from '@/lib/client/api';
import type { SettingsDto } from '@/lib/dto/settings';
import { useRemoveLogo, useUploadLogo } from './mutations';

/** The clinic's logo (full admins): PNG, JPEG or WebP up to 2 MB, stored re-encoded by the server. */
export function ClinicLogoCard({ initialLogoUrl }: { initialLogoUrl: string | null }) {
  const [logoUrl, setLogoUrl] = useState(initialLogoUrl);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const uploadLogo = useUploadLogo();
  const removeLogo = useRemoveLogo();
  const isPending = uploadLogo.isPending || removeLogo.isPending;

  const shown = (message: string) => ({
    onSuccess: (settings: SettingsDto) => {
      setLogoUrl(settings.logoUrl);
      setError(null);
      toast.success(message);
    },
    onError: (e: unknown) => setError(errorMessage(e)),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Clinic logo</CardTitle>
        <CardDescription>
          On the reward card, the recommendation form, the review page, link previews and wallet passes. PNG,
          JPEG or WebP, up to 2 MB; a square logo works best.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-4">
          <span className="flex size-20 items-center justify-center overflow-hidden rounded-xl border bg-white p-2">
            {logoUrl ? (
              // eslint-disable-next-line @next/next/no-img-element -- our own re-encoded PNG
              <img
                src={logoUrl}
                alt="Your clinic's logo"
                width={64}
                height={64}
                className="size-16 object-contain"
              />
            ) : (
              <span className="text-center text-xs text-muted-foreground">No logo yet</span>
            )}
          </span>
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              id="clinic-logo-file"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              aria-label="Logo file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) uploadLogo.mutate(file, shown('Logo uploaded'));
              }}
            />
            <Button type="button" disabled={isPending} onClick={() => input.current?.click()}>
              <ImageUp aria-hidden="true" />
              {isPending ? 'Uploading...' : logoUrl ? 'Replace logo' : 'Upload logo'}
            </Button>
            {logoUrl && (
              <Button
                type="button"
                variant="outline"
                disabled={isPending}
                onClick={() => removeLogo.mutate({}, shown('Logo removed'))}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            )}
          </div>
        </div>
        {error && <ErrorAlert message={error} />}
      </CardContent>
    </Card>
  );
}
