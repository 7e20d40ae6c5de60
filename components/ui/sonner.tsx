'use client';

import * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * App-wide toast viewport (product spec): one toast visible at a time, 5 s default
 * duration, swipe right to dismiss, F8 focuses the region (labelled "Notification"),
 * bottom-right, and no wider than 420 px on medium screens and up (sonner already
 * goes full-width below 600 px).
 */
function Toaster({ style, ...props }: ToasterProps) {
  return (
    <Sonner
      theme="light"
      className="toaster group"
      position="bottom-right"
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
          ...style,
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
