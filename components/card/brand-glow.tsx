/**
 * Soft light and rings behind a brand-coloured panel, as on the reward card; decorative only. A module of its
 * own: the review page and the lead form are client components, and importing it from public-panels.tsx
 * brought that module's imports (the offer's next/link, the clinic's contact links and their formatting) into
 * their first-load JavaScript.
 */
export function BrandGlow() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute -top-24 -right-20 size-64 rounded-full bg-white/10 blur-2xl" />
      <div className="absolute -bottom-28 -left-16 size-72 rounded-full border-[28px] border-white/5" />
      <div className="absolute inset-x-0 top-0 h-px bg-white/30" />
    </div>
  );
}
