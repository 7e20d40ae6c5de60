import { formatPounds } from '@/lib/format';

/** What 'Share via Apps' sends (and what is copied when sharing fails). */
export function shareMessage(rewardAmount: number, link: string): string {
  return (
    "I'm a patient at our clinic and I love it! Use my personal link to book a free consultation and get 5% off " +
    `your Smile Story — and I'll earn a ${formatPounds(rewardAmount)} reward: ${link}`
  );
}

/**
 * Copies text: the Clipboard API first, then the old way (a hidden textarea and document.execCommand('copy')) for
 * browsers and pages where the Clipboard API is missing or refused. True when either worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (window.isSecureContext && typeof navigator.clipboard?.writeText === 'function') {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, document not focused, ...): try the fallback.
  }
  return fallbackCopy(text);
}

function fallbackCopy(text: string): boolean {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  // Inside an open dialog, so that the dialog's focus trap does not pull focus (and the selection) away.
  const container = previous?.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]') ?? document.body;
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.readOnly = true;
  textarea.tabIndex = -1;
  textarea.setAttribute('aria-hidden', 'true');
  // 16 px keeps iOS from zooming in; fixed and transparent keeps the page from jumping.
  textarea.style.cssText =
    'position:fixed;top:0;left:0;width:1px;height:1px;padding:0;border:0;opacity:0;font-size:16px;pointer-events:none;';
  container.appendChild(textarea);
  let copied = false;
  try {
    textarea.focus({ preventScroll: true });
    textarea.select();
    textarea.setSelectionRange(0, text.length); // iOS ignores select() on its own
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    textarea.remove();
    previous?.focus({ preventScroll: true });
  }
  return copied;
}
