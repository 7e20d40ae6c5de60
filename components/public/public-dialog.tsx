'use client';

import {
  useEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';

/**
 * A modal dialog for the public pages, on the browser's own `<dialog>` (issue 19): `showModal()` puts it in the
 * top layer, makes the page behind it inert (to the mouse, the keyboard and screen readers) and closes it on
 * Escape, with no dialog library downloaded to a stranger's phone. What the element leaves to us: Tab going
 * round inside it, a tap on the backdrop closing it, the page behind not scrolling (globals.css), and focus
 * going back where it was.
 */
interface PublicDialogProps {
  open: boolean;
  /** Escape, a tap outside, or a close button calling it: the owner sets `open` to false. */
  onClose: () => void;
  /** The id of its title and of its description. */
  labelledBy: string;
  describedBy?: string;
  /** What takes the focus when it opens (default: its first control, as the browser chooses). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where the focus goes when it closes (default: where it was before it opened). */
  returnFocus?: RefObject<HTMLElement | null>;
  /** Its whole look: no classes are merged here (see DIALOG_PANEL_CLASS). */
  className: string;
  children: ReactNode;
}

/** The look of an ordinary dialog: a card in the middle of the screen over a dimmed page. */
export const DIALOG_PANEL_CLASS =
  'm-auto max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] gap-4 overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg outline-none open:grid';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

export function PublicDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  initialFocus,
  returnFocus,
  className,
  children,
}: PublicDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const before = useRef<HTMLElement | null>(null);
  const openRef = useRef(open);

  useEffect(() => {
    openRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      before.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocus]);

  // The element's 'close' event: after Escape, or after close() above.
  function onDialogClose() {
    const target = returnFocus?.current ?? before.current;
    if (target?.isConnected) target.focus({ preventScroll: true });
    if (openRef.current) onClose();
  }

  // A tap on the dimmed page around it (the backdrop is part of the element for events).
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    const dialog = ref.current;
    if (!dialog || event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) onClose();
  }

  // Tab from the last control goes to the first, Shift+Tab from the first to the last.
  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !ref.current) return;
    const controls = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null || element === document.activeElement,
    );
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onDialogClose}
      onClick={onClick}
      onKeyDown={onKeyDown}
      className={`backdrop:bg-black/50 ${className}`}
    >
      {/* Its content exists only while it is open, as with the staff app's dialogs. */}
      {open && children}
    </dialog>
  );
}

/** A dialog's title and description, with the ids its labelledBy and describedBy name: `${id}-title`, `${id}-description`. */
export function PublicDialogHeading({
  id,
  title,
  description,
}: {
  id: string;
  title: ReactNode;
  description: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2 text-left">
      <h2 id={`${id}-title`} className="text-lg leading-none font-semibold">
        {title}
      </h2>
      <p id={`${id}-description`} className="text-sm text-muted-foreground">
        {description}
      </p>
    </div>
  );
}
