import { Medal } from 'lucide-react';
import { cn } from '@/lib/utils';
import { ordinal, type Medal as MedalName, type RankedEntry } from './leaderboards';

/** Gold, silver and bronze, each also written out: the colour is never the only sign. */
const MEDAL_CLASS: Record<MedalName, string> = {
  Gold: 'border-yellow-400 bg-yellow-100 text-yellow-900 [&>svg]:text-yellow-600',
  Silver: 'border-slate-400 bg-slate-100 text-slate-800 [&>svg]:text-slate-500',
  Bronze: 'border-orange-400 bg-orange-100 text-orange-900 [&>svg]:text-orange-700',
};

const ROW_CLASS: Record<MedalName, string> = {
  Gold: 'bg-yellow-50/70 dark:bg-yellow-950/30',
  Silver: 'bg-slate-50 dark:bg-slate-900/40',
  Bronze: 'bg-orange-50/70 dark:bg-orange-950/30',
};

interface LeaderboardListProps {
  label: string;
  entries: RankedEntry[];
  /** The figure the list is ranked by, as text ('3 reviews', '£30'). */
  value: (entry: RankedEntry) => string;
  /** Smaller print under the name. */
  detail?: (entry: RankedEntry) => string;
  compact?: boolean;
}

/** A ranked list: place (with a medal for the top three places), name and the figure it is ranked by. */
export function LeaderboardList({ label, entries, value, detail, compact = false }: LeaderboardListProps) {
  return (
    <ol aria-label={label} className="grid grid-cols-1 gap-1">
      {entries.map((entry) => (
        <li
          key={entry.row.teamMemberId}
          className={cn(
            'flex items-center gap-3 rounded-md px-2',
            compact ? 'py-1.5' : 'py-2',
            entry.medal && ROW_CLASS[entry.medal],
          )}
        >
          <span className="w-[6.25rem] shrink-0">
            {entry.medal ? (
              <span
                className={cn(
                  'inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap [&>svg]:size-3.5',
                  MEDAL_CLASS[entry.medal],
                )}
              >
                <Medal aria-hidden="true" />
                {ordinal(entry.rank)} {entry.medal}
              </span>
            ) : (
              <span className="px-1.5 text-sm text-muted-foreground">{ordinal(entry.rank)}</span>
            )}
          </span>
          <span className="grid grid-cols-1 min-w-0 flex-1">
            <span className={cn('break-words', entry.medal && 'font-medium')}>{entry.row.name}</span>
            {detail && <span className="text-xs text-muted-foreground">{detail(entry)}</span>}
          </span>
          <span className="shrink-0 text-sm font-medium tabular-nums">{value(entry)}</span>
        </li>
      ))}
    </ol>
  );
}
