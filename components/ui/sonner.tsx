'use client';

import * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * App-wide toast viewport (product spec): one toast visible at a time, 5 s default
 * duration, swipe right to dismiss, F8 focuses the region (labelled "Notification"),
 * bottom-right, and no wider than 420 px on medium screens and up (sonner already
 * goes full-width below 600 px). On a phone it sits at the top: full width at the bottom it covered the
 * buttons a member of staff taps next (a row's Undo, the next Mark Paid).
 */
function Toaster({ style, ...props }: ToasterProps) {
  const phone = useNarrowScreen();
  return (
    <Sonner
      theme="light"
      className="toaster group"
      position={phone ? 'top-center' : 'bottom-right'}
      visibleToasts={1}
      duration={5000}
      swipeDirections={['right']}
      hotkey={['F8']}
      customAriaLabel="Notification"
      richColors
      closeButton
      style={
        {
          '--width': 'min(420px, calc(100vw - 32px))',
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          // sonner's rich-colour text is 3.1 to 4.4:1 on its tinted backgrounds; darker, each is 5.7:1 or more.
          '--success-text': 'hsl(140, 100%, 22%)',
          '--error-text': 'hsl(360, 100%, 38%)',
          '--info-text': 'hsl(210, 92%, 38%)',
          '--warning-text': 'hsl(31, 92%, 30%)',
          ...style,
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };

/** Below sonner's own 600 px breakpoint (where toasts go full width). */
function useNarrowScreen(): boolean {
  return React.useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia('(max-width: 599px)');
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia('(max-width: 599px)').matches,
    () => false,
  );
}
