import type { Metadata } from 'next';
import { MessagesView } from '@/components/messages/messages-view';
import { requirePageUser } from '@/lib/auth/current-user';

export const metadata: Metadata = { title: 'Messages' };

export default async function MessagesPage() {
  const user = await requirePageUser('/messages');
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Messages</h1>
      {user.isFullAdmin ? (
        <MessagesView />
      ) : (
        <p className="text-muted-foreground">Only a full admin can see the messages the app sends.</p>
      )}
    </div>
  );
}
