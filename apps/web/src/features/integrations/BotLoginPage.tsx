import { useDocumentTitle } from '../../lib/use-document-title';
import { Bot } from 'lucide-react';
import { EmptyState } from '../../ui';

/** /bot-login (auth layout). */
export default function BotLoginPage() {
  useDocumentTitle('Meeting bot');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">Meeting bot</h1>
      <EmptyState
        icon={Bot}
        title="Nothing here yet"
        description="Signing the meeting bot in to live calls arrives with the Meetings area."
      />
    </div>
  );
}
