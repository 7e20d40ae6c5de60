'use client';

import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { errorMessage } from '@/lib/client/api';
import { setServerErrors } from '@/lib/client/form-errors';
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

const ID = 'add-review';
const FORM_ERROR_ID = `${ID}-form-error`;

export const nativeSelectClass = cn(
  'h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none md:text-sm dark:bg-input/30',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
  'disabled:cursor-not-allowed disabled:opacity-50',
);

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
  const form = useForm<FormInput, unknown, Output>({
    resolver: zodResolver(createTeamReviewSchema),
    // Platform has no default: whoever adds the review says where it is.
    defaultValues: { teamMemberId: '', reviewerName: '', reviewDate: today, platform: undefined },
  });

  const { errors, isSubmitting } = form.formState;
  const noMembers = members.status === 'ready' && list.length === 0;

  async function onSubmit(values: Output) {
    setServerError(null);
    try {
      const review = await onAdd(values);
      form.reset({
        teamMemberId: values.teamMemberId,
        reviewerName: '',
        reviewDate: today,
        platform: undefined,
      });
      // Ready for the next review (reset() drops the form's field refs, so focus the element itself).
      document.getElementById(`${ID}-reviewerName`)?.focus();
      toast.success(
        `Review by ${review.reviewerName} (${formatDate(review.date)}) added for ${review.memberName}: ${formatPounds(review.bonusAmount)} bonus.`,
      );
    } catch (e) {
      if (!setServerErrors(form, e)) setServerError(errorMessage(e));
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
        <Form {...form}>
          <form
            method="post"
            onSubmit={form.handleSubmit(onSubmit)}
            noValidate
            className="grid grid-cols-1 gap-4"
          >
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="teamMemberId"
                render={({ field }) => (
                  <FormItem id={`${ID}-teamMemberId`}>
                    <FormLabel>Team member</FormLabel>
                    <FormControl>
                      <select
                        {...field}
                        className={nativeSelectClass}
                        disabled={members.status !== 'ready' || noMembers}
                        onChange={(e) => {
                          field.onChange(e);
                          setServerError(null);
                        }}
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
                    </FormControl>
                    <FormMessage />
                    {noMembers && (
                      <p className="text-sm text-muted-foreground">
                        Add a team member in the Team Members tab first.
                      </p>
                    )}
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="reviewerName"
                render={({ field }) => (
                  <FormItem id={`${ID}-reviewerName`}>
                    <FormLabel>Reviewer name</FormLabel>
                    <FormControl>
                      <Input
                        {...field}
                        autoComplete="off"
                        onChange={(e) => {
                          field.onChange(e);
                          setServerError(null);
                        }}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="reviewDate"
                render={({ field }) => (
                  <FormItem id={`${ID}-reviewDate`}>
                    <FormLabel>Review date</FormLabel>
                    <FormControl>
                      <Input
                        {...field}
                        type="date"
                        max={today}
                        onChange={(e) => {
                          field.onChange(e);
                          setServerError(null);
                        }}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />

              <FormField
                control={form.control}
                name="platform"
                render={({ field }) => (
                  <FormItem id={`${ID}-platform`}>
                    <fieldset
                      role="radiogroup"
                      aria-labelledby={`${ID}-platform-legend`}
                      className="grid grid-cols-1 content-start gap-2"
                      aria-invalid={Boolean(errors.platform) || undefined}
                      aria-describedby={errors.platform ? `${ID}-platform-error` : undefined}
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
                      <FormMessage />
                    </fieldset>
                  </FormItem>
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
        </Form>
      </CardContent>
    </Card>
  );
}
