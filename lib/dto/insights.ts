/**
 * GET /api/insights (issue 20): is the programme paying off? Amounts in pounds, months as YYYY-MM (UK). The
 * answer's zod schema (the contract, checked against every real answer in the integration suite) with its
 * types inferred from it. Safe to import from the browser.
 */
import { z } from '@/lib/validation/zod';

export const INSIGHTS_PERIODS = [3, 6, 12, 24] as const;
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number];
export const DEFAULT_INSIGHTS_MONTHS: InsightsPeriod = 12;

/** A UK calendar month, YYYY-MM. */
const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .meta({ description: 'A UK calendar month, YYYY-MM.', example: '2026-11' });

/** A share (0 to 1 for a part of a whole); null when the whole it is a share of is empty. */
const share = z.number().min(0).nullable();

/** A count of things. */
const count = z.int().min(0);

/** What happened in one UK calendar month. */
export const insightsMonthSchema = z
  .object({
    month,
    /** Leads that arrived in the month. */
    leads: count.meta({ description: 'Leads that arrived in the month.' }),
    /** Leads marked contacted in the month. */
    contacted: count.meta({ description: 'Leads marked contacted in the month.' }),
    /** Referrals that reached Story Started in the month (the month's conversions, as its report counts them). */
    storyStarted: count.meta({
      description:
        "Referrals that reached Story Started in the month (its conversions, as the month's report counts them).",
    }),
    /** Rewards of the month's conversions, paid and still owed: the month's report, to the penny. */
    rewardsPaid: z
      .number()
      .meta({ description: "Pounds: rewards of the month's conversions that are paid." }),
    rewardsOwed: z.number().meta({ description: "Pounds: rewards of the month's conversions still owed." }),
    /** rewardsPaid ÷ storyStarted; null in a month without a conversion. */
    costPerNewPatient: z.number().nullable().meta({
      description: 'Pounds: rewardsPaid ÷ storyStarted; null in a month without a conversion.',
    }),
  })
  .meta({ id: 'InsightsMonth', description: 'What happened in one UK calendar month.' });
export type InsightsMonthDto = z.infer<typeof insightsMonthSchema>;

/** The period at each step: leads that arrived, were contacted, reached Story Started and were paid. */
export const insightsFunnelSchema = z
  .object({
    leads: count,
    /** Of the period's leads: marked contacted, or moved on by staff to In Progress or Story Started. */
    contacted: count.meta({
      description:
        "Of the period's leads: marked contacted, or moved on by staff to In Progress or Story Started.",
    }),
    /** Story Started in the period (the months' sum, as the monthly reports count it), and of those, paid. */
    storyStarted: count.meta({
      description: "Story Started in the period (the months' sum, as the monthly reports count it).",
    }),
    rewardPaid: count.meta({ description: 'Of those Story Started, how many have their reward paid.' }),
    /** Each step as a share of the step before it (0 to 1); null when the step before is empty. */
    contactedRate: share.meta({ description: 'contacted ÷ leads (0 to 1); null when there were no leads.' }),
    storyStartedRate: share.meta({
      description:
        'storyStarted ÷ contacted; null when none was contacted. It can pass 1: a lead from before the period may reach Story Started in it.',
    }),
    rewardPaidRate: share.meta({
      description: 'rewardPaid ÷ storyStarted (0 to 1); null when none started.',
    }),
  })
  .meta({
    id: 'InsightsFunnel',
    description:
      'The period at each step: leads that arrived, were contacted, reached Story Started and were paid.',
  });
export type InsightsFunnelDto = z.infer<typeof insightsFunnelSchema>;

export const insightsContactWaitSchema = z
  .object({
    /** Leads of the period marked contacted (reached: contacted, booked or not interested). */
    contacted: count.meta({
      description: 'Leads of the period marked reached (contacted, booked or not interested).',
    }),
    /**
     * Leads of the period still waiting for a call: the inbox's own definition (lib/services/inbox.ts,
     * waitingLeadSql: not reached, not erased, referral not moved on), so it is the inbox's count for the period.
     */
    waiting: count.meta({
      description:
        "Leads of the period still waiting for a call, by the inbox's own rule (not reached, not erased, referral not moved on).",
    }),
    /** From arrival to being marked contacted, in hours; null when no lead of the period was contacted. */
    medianHours: z.number().nullable().meta({
      description:
        'From arrival to being marked contacted, in hours (one decimal); null when none was contacted.',
    }),
    slowestTenthHours: z.number().nullable().meta({
      description: 'The 90th percentile of that wait, in hours; null when none was contacted.',
    }),
  })
  .meta({ id: 'InsightsContactWait', description: "How long the period's leads waited for a call." });
export type InsightsContactWaitDto = z.infer<typeof insightsContactWaitSchema>;

export const insightsReferrerSchema = z
  .object({
    /** Null for a deleted client: their amounts stay, their name does not. */
    clientId: z
      .uuid()
      .nullable()
      .meta({ description: 'Null for a deleted client: their amounts stay, their name does not.' }),
    name: z.string(),
    cardNumber: z.string().nullable(),
    /** Referrals made in the period, how many of them reached Story Started, and their rewards paid. */
    leads: count.meta({ description: 'Referrals made in the period.' }),
    storyStarted: count.meta({ description: 'How many of them reached Story Started.' }),
    rewardsPaid: z.number().meta({ description: 'Pounds: their rewards paid.' }),
  })
  .meta({ id: 'InsightsReferrer', description: "One of the period's top referrers." });
export type InsightsReferrerDto = z.infer<typeof insightsReferrerSchema>;

export const insightsTeamMemberSchema = z
  .object({
    teamMemberId: z.uuid(),
    name: z.string(),
    archived: z.boolean(),
    /** Review-page visits, platforms chosen, verified reviews dated in the period and their bonuses paid. */
    visits: count.meta({ description: "Visits to the member's review page in the period." }),
    platformChosen: count.meta({ description: 'Visitors who chose a review platform.' }),
    verifiedReviews: count.meta({ description: 'Verified reviews dated in the period.' }),
    bonusesPaid: z.number().meta({ description: 'Pounds: their bonuses paid.' }),
  })
  .meta({ id: 'InsightsTeamMember', description: "A team member's Team Reviews in the period." });
export type InsightsTeamMemberDto = z.infer<typeof insightsTeamMemberSchema>;

export const insightsSchema = z
  .object({
    period: z
      .object({
        months: z.int().min(1),
        from: month,
        to: month,
      })
      .meta({ description: 'The UK months covered, this one included, from the first to the last.' }),
    months: z.array(insightsMonthSchema).meta({ description: 'Each month of the period, oldest first.' }),
    funnel: insightsFunnelSchema,
    /** Rewards paid for the period's conversions ÷ its Story Started (the months' trend is on each month). */
    costPerNewPatient: z
      .object({ value: z.number().nullable(), rewardsPaid: z.number(), storyStarted: count })
      .meta({
        description:
          "Pounds: rewards paid for the period's conversions ÷ its Story Started (value null when none started).",
      }),
    contactWait: insightsContactWaitSchema,
    topReferrers: z.array(insightsReferrerSchema).meta({ description: 'At most ten, most referrals first.' }),
    /** Leads of the period that came with a card number matching no client. */
    unmatchedCards: z.object({ leads: count, share }).meta({
      description: 'Leads of the period that came with a card number matching no client, and their share.',
    }),
    team: z
      .array(insightsTeamMemberSchema)
      .meta({ description: 'Active members, then archived ones with activity.' }),
  })
  .meta({
    id: 'Insights',
    description: 'Is the referral programme paying off? Amounts in pounds, months as YYYY-MM (UK).',
  });
export type InsightsDto = z.infer<typeof insightsSchema>;
