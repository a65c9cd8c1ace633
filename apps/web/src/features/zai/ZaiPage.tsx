import { Sparkles } from 'lucide-react';
import { Card, FeatureGate, PlaceholderPage } from '../../ui';

/** A still preview of the assistant; nothing in it is live. */
function AssistantPreview() {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-center gap-2">
        <Sparkles className="size-4 text-accent-text" aria-hidden />
        <h2 className="text-sm font-semibold text-fg">Ask Zai</h2>
      </div>
      <p className="text-sm text-muted">
        Ask about any meeting and Zai answers from your organisation’s recordings.
      </p>
      <div className="flex flex-col gap-2" aria-hidden>
        <div className="h-3 w-2/3 rounded-full bg-surface-3" />
        <div className="h-3 w-1/2 rounded-full bg-surface-3" />
      </div>
      <div className="flex h-10 items-center rounded-card border border-border bg-surface-2 px-3 text-sm text-subtle">
        Ask Zai about your meetings…
      </div>
    </Card>
  );
}

export default function ZaiPage() {
  return (
    <PlaceholderPage
      title="Zai"
      icon={Sparkles}
      summary="The Zai assistant arrives with the Zai area."
      description="Ask questions about your meetings and get answers with sources."
    >
      <FeatureGate feature="Zai Intelligence">
        <AssistantPreview />
      </FeatureGate>
    </PlaceholderPage>
  );
}
