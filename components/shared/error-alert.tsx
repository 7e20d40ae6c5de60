import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';

export function ErrorAlert({
  id,
  message,
  children,
}: {
  id?: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <Alert variant="destructive" id={id}>
      <CircleAlert aria-hidden="true" />
      <AlertDescription>
        <p>{message}</p>
        {children}
      </AlertDescription>
    </Alert>
  );
}
