'use client';

import { useCallback, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { nativeSelectClass } from '@/components/shared/period-select';
import { TextField } from '@/components/shared/text-field';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/client/api';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import * as team from '@/lib/contract/team';
import type { TeamMemberDto, TeamReviewDto } from '@/lib/dto/team';
import { formatDate } from '@/lib/format';
import { formatPounds } from '@/lib/money';
import { parseReviewUrl } from '@/lib/review-url';
import { ukDateString } from '@/lib/uk-time';
import { FormCard, useOnEdit } from './form-card';
import { RefusalAlert } from './refusal-alert';
import { reviewLinkProblem } from './review-link-hint';
import { memberOptionLabels, PLATFORM_LABELS } from './team-text';
import { isSameReviewer, type Load } from './use-team-reviews';

type Output = z.output<typeof team.createReview.body>;

const ID = 'add-review';
const FORM_ERROR_ID = `${ID}-form-error`;

/**
 * 'Add verified review' by hand (spec section 5, as issue 18 changed it): member, the review's link, reviewer
 * name and date, all required; the platform follows from the link. A second review by the same reviewer for
 * the same member and platform asks first.
 */
export function AddReviewForm({
  members,
  onAdd,
}: {
  members: Load<TeamMemberDto[]>;
  onAdd: (values: Output) => Promise<TeamReviewDto | undefined>;
}) {
  /** The server asked to confirm a second review by the same reviewer: 'Add it anyway' sends it confirmed. */
  const [toConfirm, setToConfirm] = useState(false);
  const [today] = useState(() => ukDateString(new Date()));
  const list = useMemo(() => (members.status === 'ready' ? members.data : []), [members]);
  const labels = useMemo(() => memberOptionLabels(list), [list]);
  const form = useSchemaForm(team.createReview.body, {
    defaultValues: { teamMemberId: '', reviewUrl: '', reviewerName: '', reviewDate: today },
  });
  const typedLink = useWatch({ control: form.control, name: 'reviewUrl' });
  const link = typedLink?.trim() ? parseReviewUrl(typedLink) : null;

  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.message;
  const noMembers = members.status === 'ready' && list.length === 0;

  const clearServerError = useCallback(() => {
    form.clearErrors('root');
    setToConfirm(false);
  }, [form]);
  useOnEdit(form, clearServerError);

  async function onSubmit(values: Output) {
    clearServerError();
    try {
      const review = await onAdd(values);
      if (!review) return; // the same change is running already
      form.reset({ teamMemberId: values.teamMemberId, reviewUrl: '', reviewerName: '', reviewDate: today });
      // Ready for the next review (reset() drops the form's field refs, so focus the element itself).
      document.getElementById(`${ID}-reviewerName`)?.focus();
      toast.success(
        `Review by ${review.reviewerName} (${formatDate(review.date)}) added for ${review.memberName}: ${formatPounds(review.bonusAmount)} bonus.`,
      );
    } catch (e) {
      if (isSameReviewer(e)) setToConfirm(true);
      // A 409 is about the review as a whole (already credited, the same reviewer): the form's own message.
      if (e instanceof ApiError && e.status === 409) form.setError('root', { message: errorMessage(e) });
      else showServerError(form, e);
    }
  }

  return (
    <FormCard
      id={ID}
      title="Add Verified Review"
      description={
        <>
          For a review you found without a scan. Paste the review’s link: it is verified at once and earns the
          team member their bonus. The same review cannot be credited twice.
        </>
      }
      form={form}
      onSubmit={form.handleSubmit(onSubmit)}
      fields={
        <>
          <TextField
            control={form.control}
            name="teamMemberId"
            id={`${ID}-teamMemberId`}
            label="Team member"
            footer={
              noMembers && (
                <p className="text-sm text-muted-foreground">
                  Add a team member in the Team Members tab first.
                </p>
              )
            }
          >
            {(field) => (
              <select
                {...field}
                className={nativeSelectClass}
                disabled={members.status !== 'ready' || noMembers}
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
            )}
          </TextField>
          <TextField
            control={form.control}
            name="reviewerName"
            id={`${ID}-reviewerName`}
            label="Reviewer name"
            autoComplete="off"
          />
          <TextField
            control={form.control}
            name="reviewDate"
            id={`${ID}-reviewDate`}
            label="Review date"
            type="date"
            max={today}
          />
          <TextField
            control={form.control}
            name="reviewUrl"
            id={`${ID}-reviewUrl`}
            className="sm:col-span-2"
            label="Review link"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://g.page/r/… or https://uk.trustpilot.com/reviews/…"
            // Why a link will not do, as it is typed (issue 29, point 14): Facebook in its own words.
            description={
              link?.ok
                ? `Platform: ${PLATFORM_LABELS[link.platform]} (from the link).`
                : (reviewLinkProblem(typedLink ?? '') ??
                  'Open the review on Google or Trustpilot and copy its address: the platform follows from it.')
            }
          />
        </>
      }
    >
      {serverError && (
        <RefusalAlert
          id={FORM_ERROR_ID}
          message={serverError}
          askToConfirm={toConfirm}
          disabled={isSubmitting}
          onConfirm={() =>
            void form.handleSubmit((values) => onSubmit({ ...values, confirmSameReviewer: true }))()
          }
        />
      )}

      <Button
        type="submit"
        disabled={isSubmitting || noMembers}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        <Plus aria-hidden="true" />
        {isSubmitting ? 'Adding Review...' : 'Add Verified Review'}
      </Button>
    </FormCard>
  );
}
