'use client';

import { useState, type FormEvent } from 'react';
import { CircleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiFetch, errorMessage } from '@/lib/client/api';
import { CTA_TEXT } from '@/lib/validation/leads';
import { offerLinkSchema } from '@/lib/validation/settings';

/** Where the recommendation form's offer button goes (full admins). Blank: the built-in offer page. */
export function OfferLinkCard({ initialLink }: { initialLink: string | null }) {
  const [saved, setSaved] = useState(initialLink ?? '');
  const [input, setInput] = useState(initialLink ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = input.trim() !== saved;
  const hintId = 'offerLink-hint';
  const errorId = 'offerLink-error';

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = offerLinkSchema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid link');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const settings = await apiFetch<{ offerLink: string | null }>('/api/settings', {
        method: 'PATCH',
        body: { offerLink: parsed.data },
      });
      setSaved(settings.offerLink ?? '');
      setInput(settings.offerLink ?? '');
      toast.success('Offer link saved');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Smile Story Offer Link</h2>
        </CardTitle>
        <CardDescription>
          Where the &lsquo;{CTA_TEXT}&rsquo; button on the recommendation form goes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Label htmlFor="offerLink-input">Offer link</Label>
              {dirty && <Badge variant="warning">Unsaved changes</Badge>}
            </div>
            <Input
              id="offerLink-input"
              type="url"
              inputMode="url"
              placeholder="https://www.yourclinic.co.uk/smile-story-offer"
              value={input}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${errorId} ${hintId}` : hintId}
              onChange={(e) => {
                setInput(e.target.value);
                setError(null);
              }}
            />
            <p id={hintId} className="text-sm text-muted-foreground">
              Leave blank to use the built-in offer page.
            </p>
          </div>
          {error && (
            <Alert variant="destructive" id={errorId}>
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setInput(saved);
                setError(null);
              }}
              disabled={!dirty || saving}
            >
              Reset
            </Button>
            <Button type="submit" disabled={saving || !dirty}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
