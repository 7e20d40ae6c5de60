/**
 * How long personal data is kept (issue 16), shared by the retention job and the privacy notice. Leads: the
 * clinic's setting (leadRetentionMonths, default 24, 6–120). Review-page visits: 13 months.
 */
export const SCAN_RETENTION_MONTHS = 13;

/** `months` calendar months before `now`. */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}
