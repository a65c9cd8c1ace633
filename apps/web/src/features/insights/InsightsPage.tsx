import { useDocumentTitle } from '../../lib/use-document-title';
import { ChartNoAxesCombined } from 'lucide-react';
import { EmptyState, LogoMark } from '../../ui';

/** /insights: an unwrapped page (no shell). */
export default function InsightsPage() {
  useDocumentTitle('Insights');
  return (
    <div className="min-h-dvh bg-bg px-4 py-10">
      <main className="mx-auto flex w-full max-w-2xl flex-col gap-8">
        <LogoMark />
        <h1 className="text-2xl font-semibold tracking-tight text-fg">Insights</h1>
        <EmptyState
          icon={ChartNoAxesCombined}
          title="Nothing here yet"
          description="Meeting insights arrive with the Meetings area."
        />
      </main>
    </div>
  );
}
