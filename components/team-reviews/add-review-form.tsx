'use client';

import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/client/api';
import type { TeamMemberDto, TeamReviewDto } from '@/lib/dto/team';
import { formatDate } from '@/lib/format';
import { formatPounds } from '@/lib/money';
import { ukDateString } from '@/lib/uk-time';
import { cn } from '@/lib/utils';
import { createTeamReviewSchema, REVIEW_PLATFORMS } from '@/lib/validation/team';
import { memberOptionLabels, PLATFORM_LABELS } from './team-helpers';
import type { Load } from './use-team-reviews';

type FormInput = z.input<typeof createTeamReviewSchema>;
type Output = z.output<typeof createTeamReviewSchema>;
type FieldName = keyof FormInput;

const ID = 'add-review';
const FORM_ERROR_ID = `${ID}-form-error`;
const FIELD_NAMES: FieldName[] = ['teamMemberId', 'reviewerName', 'reviewDate', 'platform'];

export const nativeSelectClass = cn(
  'h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none md:text-sm dark:bg-input/30',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
  'disabled:cursor-not-allowed disabled:opacity-50',
);

function FieldError({ name, message }: { name: FieldName; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${ID}-${name}-error`} className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** 'Add verified review' by hand (spec section 5): member, reviewer name, date and platform, all required. */
export function AddReviewForm({
  members,
  onAdd,
}: {
  members: Load<TeamMemberDto[]>;
  onAdd: (values: Output) => Promise<TeamReviewDto>;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [today] = useState(() => ukDateString(new Date()));
  const list = useMemo(() => (members.status === 'ready' ? members.data : []), [members]);
  const labels = useMemo(() => memberOptionLabels(list), [list]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, Output>({
    resolver: zodResolver(createTeamReviewSchema),
    // Platform has no default: whoever adds the review says where it is.
    defaultValues: { teamMemberId: '', reviewerName: '', reviewDate: today, platform: undefined },
  });

  const describedBy = (name: FieldName) => (errors[name] ? `${ID}-${name}-error` : undefined);
  const noMembers = members.status === 'ready' && list.length === 0;

  async function onSubmit(values: Output) {
    setServerError(null);
    try {
      const review = await onAdd(values);
      reset({ teamMemberId: values.teamMemberId, reviewerName: '', reviewDate: today, platform: undefined });
      // Ready for the next review (reset() drops the form's field refs, so focus the element itself).
      document.getElementById(`${ID}-reviewerName`)?.focus();
      toast.success(
        `Review by ${review.reviewerName} (${formatDate(review.date)}) added for ${review.memberName}: ${formatPounds(review.bonusAmount)} bonus.`,
      );
    } catch (e) {
      let mapped = false;
      if (e instanceof ApiError && e.fieldErrors) {
        for (const name of FIELD_NAMES) {
          const message = e.fieldErrors[name]?.[0];
          if (message) {
            setError(name, { type: 'server', message }, { shouldFocus: !mapped });
            mapped = true;
          }
        }
      }
      if (!mapped) setServerError(errorMessage(e));
    }
  }

  return (
    <Card role="region" aria-labelledby={`${ID}-heading`}>
      <CardHeader>
        <CardTitle>
          <h2 id={`${ID}-heading`}>Add Verified Review</h2>
        </CardTitle>
        <CardDescription>
          For a review you found without a scan. It is verified at once and earns the team member their bonus.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div className="grid grid-cols-1 content-start gap-2">
              <Label htmlFor={`${ID}-teamMemberId`}>Team member</Label>
              <select
                id={`${ID}-teamMemberId`}
                className={nativeSelectClass}
                disabled={members.status !== 'ready' || noMembers}
                aria-invalid={Boolean(errors.teamMemberId) || undefined}
                aria-describedby={describedBy('teamMemberId')}
                {...register('teamMemberId', { onChange: () => setServerError(null) })}
              >
                <option value="">
                  {members.status === 'loading'
                    ? 'Loading team members...'
                    : noMembers
                      ? 'No team members yet'
                      : 'Select a team member'}
                </option>
                {list.map((m) => (
                  <option key={m.id} value={m.id}>
                    {labels.get(m.id)}
                  </option>
                ))}
              </select>
              <FieldError name="teamMemberId" message={errors.teamMemberId?.message} />
              {noMembers && (
                <p className="text-sm text-muted-foreground">
                  Add a team member in the Team Members tab first.
                </p>
              )}
            </div>

            <div className="grid grid-cols-1 content-start gap-2">
              <Label htmlFor={`${ID}-reviewerName`}>Reviewer name</Label>
              <Input
                id={`${ID}-reviewerName`}
                autoComplete="off"
                aria-invalid={Boolean(errors.reviewerName) || undefined}
                aria-describedby={describedBy('reviewerName')}
                {...register('reviewerName', { onChange: () => setServerError(null) })}
              />
              <FieldError name="reviewerName" message={errors.reviewerName?.message} />
            </div>

            <div className="grid grid-cols-1 content-start gap-2">
              <Label htmlFor={`${ID}-reviewDate`}>Review date</Label>
              <Input
                id={`${ID}-reviewDate`}
                type="date"
                max={today}
                aria-invalid={Boolean(errors.reviewDate) || undefined}
                aria-describedby={describedBy('reviewDate')}
                {...register('reviewDate', { onChange: () => setServerError(null) })}
              />
              <FieldError name="reviewDate" message={errors.reviewDate?.message} />
            </div>

            <Controller
              control={control}
              name="platform"
              render={({ field }) => (
                <fieldset
                  role="radiogroup"
                  aria-labelledby={`${ID}-platform-legend`}
                  className="grid grid-cols-1 content-start gap-2"
                  aria-invalid={Boolean(errors.platform) || undefined}
                  aria-describedby={describedBy('platform')}
                >
                  <legend id={`${ID}-platform-legend`} className="mb-2 text-sm leading-none font-medium">
                    Platform
                  </legend>
                  <div className="flex flex-wrap gap-2">
                    {REVIEW_PLATFORMS.map((platform, index) => (
                      <label
                        key={platform}
                        className={cn(
                          'flex h-9 min-w-28 flex-1 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm shadow-xs',
                          'has-[:focus-visible]:border-ring has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                          'has-[:checked]:border-primary has-[:checked]:bg-primary/5',
                          errors.platform && 'border-destructive',
                        )}
                      >
                        <input
                          type="radio"
                          name={field.name}
                          value={platform}
                          checked={field.value === platform}
                          ref={index === 0 ? field.ref : undefined}
                          onBlur={field.onBlur}
                          onChange={() => {
                            field.onChange(platform);
                            setServerError(null);
                          }}
                          className="size-4 accent-primary"
                        />
                        {PLATFORM_LABELS[platform]}
                      </label>
                    ))}
                  </div>
                  <FieldError name="platform" message={errors.platform?.message} />
                </fieldset>
              )}
            />
          </div>

          {serverError && <ErrorAlert id={FORM_ERROR_ID} message={serverError} />}

          <Button
            type="submit"
            disabled={isSubmitting || noMembers}
            className="w-full sm:w-auto sm:justify-self-start"
          >
            <Plus aria-hidden="true" />
            {isSubmitting ? 'Adding Review...' : 'Add Verified Review'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
