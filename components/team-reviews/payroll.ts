/** What is owed to a member, month by month (Outstanding bonuses). */
import type { TeamReviewDto } from '@/lib/dto/team';
import { toPence, toPounds } from '@/lib/money';
import type { Period } from '@/lib/period';

/** A member's unpaid reviews by month, oldest first: what each month owes them. */
export function owedByMonth(
  reviews: readonly TeamReviewDto[],
): { period: Period; count: number; total: number }[] {
  const months = new Map<string, { period: Period; count: number; pence: number }>();
  for (const r of reviews) {
    const key = r.date.slice(0, 7);
    const entry = months.get(key) ?? {
      period: { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) },
      count: 0,
      pence: 0,
    };
    entry.count += 1;
    entry.pence += toPence(r.bonusAmount);
    months.set(key, entry);
  }
  return [...months.values()].map((m) => ({ period: m.period, count: m.count, total: toPounds(m.pence) }));
}
