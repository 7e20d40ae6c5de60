'use client';

import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

const PARTS = {
  dialog: {
    Root: Dialog,
    Content: DialogContent,
    Header: DialogHeader,
    Title: DialogTitle,
    Description: DialogDescription,
    Footer: DialogFooter,
  },
  alertdialog: {
    Root: AlertDialog,
    Content: AlertDialogContent,
    Header: AlertDialogHeader,
    Title: AlertDialogTitle,
    Description: AlertDialogDescription,
    Footer: AlertDialogFooter,
  },
} as const;

export interface DialogFrameProps {
  /** 'alertdialog' for what must be acknowledged or confirmed; 'dialog' otherwise. */
  role?: 'dialog' | 'alertdialog';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Radix returns focus only to a trigger; dialogs opened from a list say where focus goes. */
  onCloseAutoFocus?: (event: Event) => void;
  title: ReactNode;
  titleClassName?: string;
  description: ReactNode;
  /** Between the heading and the footer. */
  children?: ReactNode;
  /** The buttons. */
  footer: ReactNode;
  footerClassName?: string;
  /** Wraps heading, body and footer: a `<form>` for dialogs that submit. */
  wrap?: (content: ReactNode) => ReactNode;
}

/**
 * The frame every dialog of the staff app shares: title, description, body and buttons, in a Radix dialog or
 * alert dialog (focus trapped, Escape closes, focus returned).
 */
export function DialogFrame({
  role = 'dialog',
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  titleClassName,
  description,
  children,
  footer,
  footerClassName,
  wrap = (content) => content,
}: DialogFrameProps) {
  const { Root, Content, Header, Title, Description, Footer } = PARTS[role];
  return (
    <Root open={open} onOpenChange={onOpenChange}>
      <Content onCloseAutoFocus={onCloseAutoFocus}>
        {wrap(
          <>
            <Header>
              <Title className={titleClassName}>{title}</Title>
              <Description>{description}</Description>
            </Header>
            {children}
            <Footer className={footerClassName}>{footer}</Footer>
          </>,
        )}
      </Content>
    </Root>
  );
}
