/**
 * Copies text to the clipboard; resolves true when it worked. Uses the Clipboard API, else a hidden
 * textarea and execCommand('copy') (older browsers, plain-http origins, or a lapsed user gesture).
 */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Denied or no user activation: try the fallback.
    }
  }
  return copyWithTextarea(text);
}

function copyWithTextarea(text: string): boolean {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  // An open dialog traps focus, so the textarea must live inside it to be selectable.
  const host = previous?.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]') ?? document.body;
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.readOnly = true;
  textarea.tabIndex = -1;
  textarea.setAttribute('aria-hidden', 'true');
  Object.assign(textarea.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    width: '1px',
    height: '1px',
    padding: '0',
    border: '0',
    opacity: '0',
    fontSize: '16px', // keeps iOS from zooming in
    pointerEvents: 'none',
  });
  host.appendChild(textarea);
  let copied = false;
  try {
    textarea.focus({ preventScroll: true });
    textarea.select();
    textarea.setSelectionRange(0, text.length);
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    textarea.remove();
    previous?.focus({ preventScroll: true });
  }
  return copied;
}
