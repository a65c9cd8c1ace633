import { useState } from 'react';
import { AudioLines, Play, Plus, Square, Star, Trash2 } from 'lucide-react';
import {
  AVATAR_MESSAGES as M,
  VOICE_GENDERS,
  VOICE_SAMPLE,
  VOICE_TONES,
  type Voice,
} from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { failureMessage } from '../../lib/api';
import {
  actionsColumn,
  Badge,
  Button,
  CheckboxField,
  DataTable,
  DeleteDialog,
  EmptyState,
  FormDialog,
  Section,
  SelectField,
  TextField,
  RowActions,
  type ActionMenuItem,
  type DataColumn,
} from '../../ui';
import { previewVoice, useVoiceChanges, useVoices } from './api';
import { usePreview } from './usePreview';

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Who may change a row: the organisation's own for its administrators, the library for the super admin. */
export function useMayChange() {
  const platform = useCan('platform.manage');
  const manage = useCan('organization.manage');
  const orgId = useAuth().user?.organizationId;
  return (row: { organizationId: string | null }) =>
    manage && (row.organizationId === null ? platform : row.organizationId === orgId);
}

/** The voices of spec 3 §7: the library and the organisation's own, each with a preview. */
export function VoicesSection() {
  const voices = useVoices();
  const changes = useVoiceChanges();
  const preview = usePreview();
  const mayChange = useMayChange();
  const canManage = useCan('organization.manage');
  const [adding, setAdding] = useState(false);
  const removal = useConfirmedAction((v: Voice) => changes.remove.mutateAsync(v.id));

  const nameCell = (v: Voice) => (
    <span className="flex flex-wrap items-center gap-2 font-medium text-fg">
      {v.name}
      {v.isDefault && <Badge tone="accent">Default</Badge>}
      {v.library && <Badge>Library</Badge>}
    </span>
  );
  const engineOf = (v: Voice) =>
    v.hasSample
      ? 'Uploaded sample'
      : v.engine === 'openai'
        ? `OpenAI-compatible${v.engineVoice ? ` (${v.engineVoice})` : ''}`
        : 'espeak-ng';
  const previewButton = (v: Voice) =>
    preview.playingId === v.id ? (
      <Button variant="ghost" size="sm" onClick={preview.stop} aria-label={`Stop ${v.name}`}>
        <Square className="size-4" aria-hidden /> Stop
      </Button>
    ) : (
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void preview.play(v.id, () => previewVoice(v.id))}
        aria-label={`Play ${v.name}`}
      >
        <Play className="size-4" aria-hidden /> Play
      </Button>
    );
  const actionsOf = (v: Voice): ActionMenuItem[] => [
    ...(!v.isDefault
      ? [{ label: 'Make default', icon: Star, onSelect: () => changes.setDefault.mutate(v.id) }]
      : []),
    ...(mayChange(v)
      ? [{ label: 'Delete', icon: Trash2, destructive: true, onSelect: () => removal.ask(v) }]
      : []),
  ];

  const columns: DataColumn<Voice>[] = [
    { id: 'name', header: 'Voice', cell: nameCell },
    { id: 'gender', header: 'Gender', cell: (v) => label(v.gender) },
    { id: 'tone', header: 'Tone', cell: (v) => label(v.tone) },
    {
      id: 'language',
      header: 'Language',
      cell: (v) => <span className="tabular">{v.language}</span>,
    },
    {
      id: 'engine',
      header: 'Engine',
      cell: (v) => <span className="text-muted">{engineOf(v)}</span>,
    },
    { id: 'preview', header: 'Preview', hideHeader: true, className: 'w-28', cell: previewButton },
    ...(canManage ? [actionsColumn<Voice>((v) => v.name, actionsOf)] : []),
  ];

  return (
    <Section
      title="Voices"
      description="How avatars and the interviewer sound. The library is shared with every organisation."
      icon={AudioLines}
      actions={
        canManage ? (
          <Button onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden /> Add voice
          </Button>
        ) : undefined
      }
    >
      <DataTable
        label="Voices"
        columns={columns}
        rows={voices.isError ? [] : (voices.data ?? [])}
        rowKey={(v) => v.id}
        rowLabel={(v) => v.name}
        renderCard={(v) => (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-start justify-between gap-2">
              {nameCell(v)}
              {canManage && <RowActions label={v.name} items={actionsOf(v)} />}
            </div>
            <p className="text-sm text-muted">
              {label(v.gender)} · {label(v.tone)} · {v.language} · {engineOf(v)}
            </p>
            <div>{previewButton(v)}</div>
          </div>
        )}
        loading={voices.isLoading}
        empty={
          <EmptyState
            icon={AudioLines}
            title={voices.isError ? M.fetchVoicesFailed : 'No voices yet'}
            description={
              voices.isError
                ? 'Reload the page to try again.'
                : 'Add a voice to give your avatars a sound of their own.'
            }
          />
        }
      />
      <AddVoiceDialog open={adding} onClose={() => setAdding(false)} create={changes.create} />
      <DeleteDialog
        action={removal}
        name={(v) => v.name}
        noun="voice"
        description="Avatars can no longer use it; its uploaded sample is deleted."
      />
    </Section>
  );
}

function AddVoiceDialog({
  open,
  onClose,
  create,
}: {
  open: boolean;
  onClose(): void;
  create: ReturnType<typeof useVoiceChanges>['create'];
}) {
  const [name, setName] = useState('');
  const [refText, setRefText] = useState('');
  const [gender, setGender] = useState<string>('female');
  const [tone, setTone] = useState<string>('conversational');
  const [language, setLanguage] = useState('en');
  const [engine, setEngine] = useState<string>('espeak-ng');
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const tooBig = file !== null && file.size > VOICE_SAMPLE.maxBytes;
  const valid =
    name.trim().length > 0 &&
    /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(language) &&
    !tooBig &&
    (!file || consent);

  const submit = () => {
    const form = new FormData();
    form.set('name', name.trim());
    form.set('refText', refText.trim());
    form.set('gender', gender);
    form.set('tone', tone);
    form.set('language', language);
    form.set('engine', engine);
    form.set('consent', String(consent));
    if (file) form.set('file', file);
    create.mutate(form, {
      onSuccess: () => {
        setName('');
        setRefText('');
        setFile(null);
        setConsent(false);
        onClose();
      },
    });
  };

  return (
    <FormDialog
      open={open}
      title="Add voice"
      description="A voice speaks with espeak-ng on this server or your connected OpenAI-compatible endpoint; an uploaded sample is played as it is."
      onClose={onClose}
      pending={create.isPending}
      valid={valid}
      error={create.error ? failureMessage(create.error, 'Failed to create voice') : null}
      submitLabel="Add voice"
      onSubmit={submit}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={80}
        required
      />
      <TextField
        label="Reference text"
        hint="What the preview says."
        value={refText}
        onChange={(e) => setRefText(e.target.value)}
        maxLength={2000}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Gender"
          value={gender}
          onValueChange={setGender}
          options={VOICE_GENDERS.map((g) => ({ value: g, label: label(g) }))}
        />
        <SelectField
          label="Tone"
          value={tone}
          onValueChange={setTone}
          options={VOICE_TONES.map((t) => ({ value: t, label: label(t) }))}
        />
        <TextField
          label="Language"
          value={language}
          onChange={(e) => setLanguage(e.target.value.trim())}
          hint="en, en-US, de…"
        />
        <SelectField
          label="Engine"
          value={engine}
          onValueChange={setEngine}
          options={[
            { value: 'espeak-ng', label: 'espeak-ng (built in)' },
            { value: 'openai', label: 'OpenAI-compatible' },
          ]}
        />
      </div>
      <TextField
        label="Voice sample (optional)"
        type="file"
        accept={VOICE_SAMPLE.types.join(',')}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        error={tooBig ? M.sampleTooLarge : undefined}
        hint="WAV, MP3, WebM or Ogg, up to 10 MB."
      />
      {file && (
        <CheckboxField
          label="The person speaking in this sample agreed to the use of their voice"
          checked={consent}
          onCheckedChange={setConsent}
        />
      )}
    </FormDialog>
  );
}
