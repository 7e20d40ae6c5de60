import Link from 'next/link';
import { MailWarning } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** On the dashboard, for full admins: messages that could not be delivered (issue 17). */
export function FailedMessagesAlert({ count }: { count: number }) {
  return (
    <Alert variant="destructive">
      <MailWarning aria-hidden="true" />
      <AlertTitle>
        {count === 1 ? '1 message was' : `${count.toLocaleString('en-GB')} messages were`} not delivered
      </AlertTitle>
      <AlertDescription>
        <p>
          The mail server refused {count === 1 ? 'it' : 'them'} or could not be reached for 24 hours.{' '}
          <Link href="/messages?status=failed" className="font-medium underline underline-offset-4">
            See the failed messages
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}
