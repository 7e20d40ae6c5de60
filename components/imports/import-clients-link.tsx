import Link from 'next/link';
import { FileUp } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** 'Import clients' (issue 33): beside Add Client and the clients table, to Clients → Import. */
export function ImportClientsLink() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link href="/clients/import">
        <FileUp aria-hidden="true" />
        Import clients
      </Link>
    </Button>
  );
}
