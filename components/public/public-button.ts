/**
 * Button looks for the public pages' scripts (issue 19): the staff app's `Button` merges classes with
 * tailwind-merge, which a stranger's phone would download for a few buttons. These are plain class strings:
 * the size classes a caller adds must not repeat what the look already sets (height, padding, text size and
 * width are left to the caller).
 */
const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-all outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

const LOOKS = {
  primary: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 focus-visible:border-ring',
  outline:
    'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground focus-visible:border-ring dark:border-input dark:bg-input/30 dark:hover:bg-input/50',
  ghost: 'hover:bg-accent hover:text-accent-foreground dark:hover:bg-accent/50',
} as const;

export function publicButton(look: keyof typeof LOOKS, size: string): string {
  return `${BASE} ${LOOKS[look]} ${size}`;
}
