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
import { formatPounds } from '@/lib/money';
import { amountInputProblem, canSaveAmount, MAX_AMOUNT_POUNDS } from '@/lib/validation/settings';

export type AmountField = 'referralRewardAmount' | 'teamBonusAmount';

const COPY: Record<AmountField, { title: string; description: string; label: string; saved: string }> = {
  referralRewardAmount: {
    title: 'Referral Reward Amount',
    description: 'The £ reward paid to a client for each referral whose story starts.',
    label: 'Referral reward amount (£)',
    saved: 'Referral reward amount saved',
  },
  teamBonusAmount: {
    title: 'Team Bonus Amount',
    description: 'The £ bonus paid to a team member for each verified review.',
    label: 'Team bonus amount (£)',
    saved: 'Team bonus amount saved',
  },
};

export function AmountCard({ field, initialAmount }: { field: AmountField; initialAmount: number }) {
  const copy = COPY[field];
  const [saved, setSaved] = useState(initialAmount);
  const [input, setInput] = useState(String(initialAmount));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `${field}-input`;
  const problemId = `${field}-problem`;
  // Above the ceiling: the shared schema's message, as the server would answer.
  const problem = amountInputProblem(field, input);

  function reset() {
    setInput(String(saved));
    setDirty(false);
    setError(null);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSaveAmount(input, saved)) return;
    setSaving(true);
    setError(null);
    try {
      const settings = await apiFetch<Record<AmountField, number>>('/api/settings', {
        method: 'PATCH',
        body: { [field]: Number(input) },
      });
      setSaved(settings[field]);
      setInput(String(settings[field]));
      setDirty(false);
      toast.success(copy.saved);
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
          <h2>{copy.title}</h2>
        </CardTitle>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid gap-4">
          <p className="text-sm">
            Current amount: <span className="font-semibold">{formatPounds(saved)}</span>
          </p>
          <div className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Label htmlFor={inputId}>{copy.label}</Label>
              {dirty && <Badge variant="warning">Unsaved changes</Badge>}
            </div>
            <Input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_AMOUNT_POUNDS}
              step={1}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              value={input}
              onChange={(e) => {
                setInput(e.target.value);
                setDirty(true);
              }}
            />
            {problem && (
              <p id={problemId} role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </div>
          {error && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={reset} disabled={!dirty || saving}>
              Reset
            </Button>
            <Button type="submit" disabled={saving || !canSaveAmount(input, saved)}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
