import { useId, useState } from 'react';
import { Tag, X } from 'lucide-react';
import { PROMPT_ACCESS } from '@parley/contracts';
import { Badge, Button, Input, Label, SelectField, TextField, type SelectOption } from '../../ui';
import { NUMERIC_SETTINGS, type PromptDraft } from './draft';

interface PromptEditorProps {
  draft: PromptDraft;
  onChange(patch: Partial<PromptDraft>): void;
  meetings: SelectOption[];
  meetingsLoading: boolean;
  disabled: boolean;
}

/** The prompt, the meeting it runs on and the settings of spec 3 §3. */
export function PromptEditor({
  draft,
  onChange,
  meetings,
  meetingsLoading,
  disabled,
}: PromptEditorProps) {
  const textId = useId();
  const tagId = useId();
  const [tag, setTag] = useState('');
  const addTag = () => {
    const t = tag.trim();
    if (t && !draft.tags.includes(t)) onChange({ tags: [...draft.tags, t] });
    setTag('');
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <TextField
          label="Prompt name"
          value={draft.promptName}
          maxLength={200}
          onChange={(e) => onChange({ promptName: e.target.value })}
          disabled={disabled}
        />
        <SelectField
          label="Access"
          value={draft.access}
          onValueChange={(v) => onChange({ access: v as PromptDraft['access'] })}
          options={PROMPT_ACCESS.map((a) => ({ value: a, label: a }))}
          disabled={disabled}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={textId}>Prompt</Label>
        <textarea
          id={textId}
          value={draft.promptText}
          onChange={(e) => onChange({ promptText: e.target.value })}
          rows={5}
          maxLength={20000}
          placeholder="e.g. List the action items with their owners and due dates."
          disabled={disabled}
          className="min-h-28 w-full rounded-card border border-border-strong bg-surface px-3 py-2 text-sm text-fg shadow-sm placeholder:text-subtle focus-visible:border-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/25 disabled:opacity-60"
        />
      </div>
      <SelectField
        label="Meeting"
        value={draft.meetingId}
        onValueChange={(meetingId) => onChange({ meetingId })}
        options={
          meetings.length > 0
            ? meetings
            : [
                {
                  value: 'none',
                  label: meetingsLoading ? 'Loading meetings…' : 'No processed meetings yet',
                  disabled: true,
                },
              ]
        }
        disabled={disabled || meetings.length === 0}
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={tagId}>Tags</Label>
        <div className="flex flex-wrap items-center gap-2">
          {draft.tags.map((t) => (
            <Badge key={t} tone="accent">
              <Tag aria-hidden />
              {t}
              <button
                type="button"
                className="ml-0.5 rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`Remove tag ${t}`}
                onClick={() => onChange({ tags: draft.tags.filter((x) => x !== t) })}
                disabled={disabled}
              >
                <X className="size-3" aria-hidden />
              </button>
            </Badge>
          ))}
          <Input
            id={tagId}
            value={tag}
            maxLength={50}
            placeholder="Add a tag and press Enter"
            className="h-8 w-48"
            onChange={(e) => setTag(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addTag();
              }
            }}
            disabled={disabled}
          />
          <Button variant="ghost" size="sm" onClick={addTag} disabled={disabled || !tag.trim()}>
            Add tag
          </Button>
        </div>
      </div>
      <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium text-fg">Settings</legend>
        {NUMERIC_SETTINGS.map((s) => (
          <TextField
            key={s.key}
            label={s.label}
            type="number"
            inputMode="decimal"
            min={s.min}
            max={s.max}
            step={s.step}
            value={String(draft[s.key])}
            onChange={(e) => {
              const n = Number(e.target.value);
              if (e.target.value !== '' && Number.isFinite(n)) onChange({ [s.key]: n });
            }}
            disabled={disabled}
          />
        ))}
      </fieldset>
    </div>
  );
}
