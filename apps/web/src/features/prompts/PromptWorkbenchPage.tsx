import { useEffect, useMemo, useState } from 'react';
import { FilePlus2, Lock, Play, Save } from 'lucide-react';
import { BUILT_IN_MODEL, type StoredPrompt } from '@parley/contracts';
import { useCan } from '../../lib/auth-store';
import { useAvailableModels } from '../integrations';
import { toast } from '../../lib/toast';
import { Button, EmptyState, type SelectOption } from '../../ui';
import { ConfigurationFrame } from '../configuration';
import { ComparePanel } from './ComparePanel';
import {
  draftFrom,
  newDraft,
  runBody,
  saveBody,
  withRunnableModels,
  type PromptDraft,
} from './draft';
import { OutputSlot } from './OutputSlot';
import { PromptEditor } from './PromptEditor';
import { SavedPrompts } from './SavedPrompts';
import { usePromptStream } from './use-prompt-stream';
import { useProcessedMeetings, useSavePrompt } from './api';

/** /configuration/prompts: the prompt workbench (spec 3 §3, §4, §7), for staff. */
export default function PromptWorkbenchPage() {
  if (!useCan('prompts.manage')) {
    return (
      <ConfigurationFrame
        current="prompts"
        title="Prompts"
        description="Prompts your team runs on meetings."
      >
        <EmptyState
          icon={Lock}
          title="The prompt workbench is for administrators"
          description="Your organization’s point of contact can write, run and share prompts here."
        />
      </ConfigurationFrame>
    );
  }
  return <Workbench />;
}

function Workbench() {
  const [draft, setDraft] = useState<PromptDraft>(newDraft);
  const change = (patch: Partial<PromptDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const meetings = useProcessedMeetings();
  const models = useAvailableModels();
  const slot1 = usePromptStream();
  const slot2 = usePromptStream();
  const save = useSavePrompt();
  const running = slot1.status === 'loading' || slot2.status === 'loading';
  const available = models.data?.data;
  const freshDraft = () => (available ? withRunnableModels(newDraft(), available) : newDraft());
  // A new prompt gets runnable models once the organisation's are known (a saved one keeps its own).
  useEffect(() => {
    if (available) setDraft((d) => (d.id === null ? withRunnableModels(d, available) : d));
  }, [available]);

  const meetingOptions: SelectOption[] = (meetings.data?.data ?? []).map((m) => ({
    value: m.id,
    label: m.meetingName,
  }));
  const modelOptions = useMemo<SelectOption[]>(() => {
    const list = (models.data?.data ?? []).map((m) => ({
      value: m.model,
      label: m.label,
      disabled: !m.connected,
      ...(m.connected ? {} : { note: 'not connected' }),
    }));
    // The chosen models stay listed even before the list loads.
    for (const name of [draft.model1, draft.model2, BUILT_IN_MODEL]) {
      if (!list.some((o) => o.value === name))
        list.push({ value: name, label: name, disabled: false });
    }
    return list;
  }, [models.data, draft.model1, draft.model2]);

  const canRun = draft.promptText.trim() !== '' && draft.meetingId !== '' && !running;
  const runBoth = () => {
    void slot1.run(runBody(draft, draft.model1));
    void slot2.run(runBody(draft, draft.model2));
  };
  const meetingName = meetingOptions.find((m) => m.value === draft.meetingId)?.label ?? '';
  const onSave = () =>
    save.mutate(
      { id: draft.id, body: saveBody(draft, { meetingCode: meetingName, result: slot1.text }) },
      {
        onSuccess: (saved) => {
          change({ id: saved.id });
          toast({
            title: draft.id ? 'Prompt updated' : 'Prompt saved',
            description: saved.promptName,
            variant: 'success',
          });
        },
      },
    );
  const load = (p: StoredPrompt) => {
    setDraft(draftFrom(p));
    slot1.reset();
    slot2.reset();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <ConfigurationFrame
      current="prompts"
      title="Prompts"
      description="Write a prompt, run it with two models side by side on a meeting, and save it for your team."
      spacing="sections"
    >
      <section
        aria-labelledby="workbench-heading"
        className="grid gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]"
      >
        <div className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-sm">
          <h2 id="workbench-heading" className="text-lg font-semibold text-fg">
            Prompt workbench
          </h2>
          <PromptEditor
            draft={draft}
            onChange={change}
            meetings={meetingOptions}
            meetingsLoading={meetings.isLoading}
            disabled={running || save.isPending}
          />
          <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-4">
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(freshDraft());
                slot1.reset();
                slot2.reset();
              }}
              disabled={running}
            >
              <FilePlus2 className="size-4" aria-hidden />
              New
            </Button>
            <Button
              variant="secondary"
              onClick={onSave}
              loading={save.isPending}
              disabled={!draft.promptText.trim() || running}
            >
              <Save className="size-4" aria-hidden />
              {draft.id ? 'Update prompt' : 'Save prompt'}
            </Button>
            <Button onClick={runBoth} disabled={!canRun}>
              <Play className="size-4" aria-hidden />
              Run both
            </Button>
          </div>
        </div>
        <div className="grid min-w-0 gap-4 lg:grid-cols-2">
          <OutputSlot
            slot={1}
            model={draft.model1}
            models={modelOptions}
            onModelChange={(model1) => change({ model1 })}
            state={slot1}
            onCancel={slot1.cancel}
            disabled={false}
          />
          <OutputSlot
            slot={2}
            model={draft.model2}
            models={modelOptions}
            onModelChange={(model2) => change({ model2 })}
            state={slot2}
            onCancel={slot2.cancel}
            disabled={false}
          />
        </div>
      </section>
      <ComparePanel draft={draft} disabled={running} />
      <SavedPrompts onLoad={load} />
    </ConfigurationFrame>
  );
}
