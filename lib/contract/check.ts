/**
 * Whether an answer is what its endpoint declares (issue 30, point 4): it parses against the declared schema
 * and holds nothing the schema does not declare (zod would drop an undeclared field silently, so a DTO that
 * grew a field without its schema would pass a plain parse). The route wrapper runs it on every answer when
 * CONTRACT_CHECK=1, as the integration suite sets, so every real answer there is checked.
 */
import { z, type ZodType } from 'zod';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Where `sent` holds something `kept` does not: the first few paths, e.g. "[0].referrals[2].note". */
function undeclared(sent: Json, kept: Json, at = '', found: string[] = []): string[] {
  if (found.length >= 5) return found;
  if (Array.isArray(sent) && Array.isArray(kept)) {
    sent.forEach((item, i) => undeclared(item, kept[i] ?? null, `${at}[${i}]`, found));
  } else if (sent && typeof sent === 'object' && !Array.isArray(sent)) {
    const other = kept && typeof kept === 'object' && !Array.isArray(kept) ? kept : {};
    for (const [key, value] of Object.entries(sent)) {
      const path = at ? `${at}.${key}` : key;
      if (!(key in other)) found.push(path);
      else undeclared(value, other[key]!, path, found);
    }
  }
  return found;
}

/** Null when `value` (as JSON would send it) is what the schema declares; else what is wrong, in words. */
export function answerDrift(schema: ZodType, value: unknown, paged = false): string | null {
  const sent = JSON.parse(JSON.stringify(value ?? null)) as Json;
  const parsed = (paged ? z.array(schema) : schema).safeParse(sent);
  if (!parsed.success) return z.prettifyError(parsed.error);
  const extra = undeclared(sent, JSON.parse(JSON.stringify(parsed.data ?? null)) as Json);
  return extra.length ? `undeclared in its schema: ${extra.join(', ')}` : null;
}
