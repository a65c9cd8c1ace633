import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MessagesSquare, Sparkles, SquarePen } from 'lucide-react';
import { isFeatureAvailable, type ZaiMeeting } from '@parley/contracts';
import { useAuth } from '../../lib/auth-store';
import {
  Button,
  Card,
  FeatureGate,
  PageHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../ui';
import { Composer } from './Composer';
import { MeetingPicker } from './MeetingPicker';
import { ModelPicker } from './ModelPicker';
import { SearchScope } from './SearchScope';
import { Thread } from './Thread';
import { useConversation } from './use-conversation';

/** What the page looks like without the feature: a still picture under the upgrade prompt. */
function AssistantPreview() {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-center gap-2">
        <Sparkles className="size-4 text-accent-text" aria-hidden />
        <h2 className="text-sm font-semibold text-fg">Ask Zai</h2>
      </div>
      <p className="text-sm text-muted">
        Ask about any meeting and Zai answers from your organization’s recordings.
      </p>
      <div className="flex h-10 items-center rounded-card border border-border bg-surface-2 px-3 text-sm text-subtle">
        Ask Zai about your meetings…
      </div>
    </Card>
  );
}

type Mode = 'picked' | 'search';

function Assistant() {
  const [params] = useSearchParams();
  // /search links here with ?search=<words>: ask over the meetings that search found.
  const [mode, setMode] = useState<Mode>(params.get('search') ? 'search' : 'picked');
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [selected, setSelected] = useState<ZaiMeeting[]>([]);
  const [model, setModel] = useState('');
  const conversation = useConversation();
  const { turns, streaming } = conversation;

  return (
    <div className="grid min-h-0 gap-5 lg:h-[calc(100dvh-11rem)] lg:grid-cols-[320px_minmax(0,1fr)]">
      <Card className="flex min-h-0 flex-col gap-3 p-4 max-lg:max-h-[26rem]">
        <h2 className="text-sm font-semibold text-fg">Meetings</h2>
        <Tabs
          value={mode}
          onValueChange={(v) => setMode(v as Mode)}
          className="flex min-h-0 flex-1 flex-col gap-3"
        >
          <TabsList aria-label="Ask about">
            <TabsTrigger value="picked">Chosen</TabsTrigger>
            <TabsTrigger value="search">Matching a search</TabsTrigger>
          </TabsList>
          {/* The open tab's panel: its trigger's aria-controls names it. */}
          <TabsContent value={mode} className="flex flex-col">
            {mode === 'picked' ? (
              <MeetingPicker selected={selected} onChange={setSelected} />
            ) : (
              <SearchScope q={search} onChange={setSearch} />
            )}
          </TabsContent>
        </Tabs>
      </Card>
      <Card className="flex min-h-[28rem] flex-col overflow-hidden">
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2.5">
          <ModelPicker value={model} onChange={setModel} />
          <Button
            size="sm"
            variant="ghost"
            onClick={conversation.clear}
            disabled={turns.length === 0}
          >
            <SquarePen aria-hidden />
            <span className="max-sm:sr-only">New chat</span>
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5">
          {turns.length === 0 ? (
            <div className="grid h-full place-items-center py-10 text-center">
              <div className="flex max-w-sm flex-col items-center gap-2">
                <span className="grid size-10 place-items-center rounded-full bg-accent-soft text-accent-soft-fg">
                  <MessagesSquare className="size-5" aria-hidden />
                </span>
                <p className="text-sm font-medium text-fg">Ask Zai about your meetings</p>
                <p className="text-sm text-muted">
                  Pick one or more meetings, then ask a question. Every answer links to the moments
                  it comes from.
                </p>
              </div>
            </div>
          ) : (
            <Thread turns={turns} onRetry={conversation.retry} />
          )}
        </div>
        <div className="border-t border-border p-3">
          <Composer
            disabledReason={
              mode === 'search'
                ? search.trim()
                  ? null
                  : 'Type the words the meetings should contain'
                : selected.length === 0
                  ? 'Select at least one meeting to ask about'
                  : null
            }
            streaming={streaming}
            onStop={conversation.stop}
            onSend={(q) =>
              conversation.send(
                q,
                mode === 'search' ? { q: search.trim() } : selected.map((m) => m.id),
                model || undefined,
              )
            }
          />
        </div>
      </Card>
    </div>
  );
}

export default function ZaiPage() {
  const { user } = useAuth();
  const hasZai = Boolean(user && isFeatureAvailable(user, 'Zai Intelligence'));
  return (
    <div className="flex flex-col">
      <PageHeader
        title="Zai"
        description="Ask questions about your meetings; answers cite the moments they come from."
      />
      {hasZai ? (
        <Assistant />
      ) : (
        <FeatureGate feature="Zai Intelligence">
          <AssistantPreview />
        </FeatureGate>
      )}
    </div>
  );
}
