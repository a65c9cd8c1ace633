import { useState } from 'react';
import { CheckCircle2, Copy, Play, Plus, Square, Star, Trash2, UserRound } from 'lucide-react';
import {
  AVATAR_IMAGE,
  BUILT_IN_PORTRAITS,
  VOICE_GENDERS,
  type Avatar,
  type BuiltInPortrait,
} from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { useCan } from '../../lib/auth-store';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { cn } from '../../lib/cn';
import {
  ActionMenu,
  Badge,
  Button,
  DeleteDialog,
  EmptyState,
  FormDialog,
  Section,
  SelectField,
  Skeleton,
  TextField,
  type ActionMenuItem,
} from '../../ui';
import { speakAs, useAvatarChanges, useAvatars, useVoices } from './api';
import { AvatarStage } from './AvatarStage';
import { IllustratedPortrait, PORTRAIT_LABELS } from './Portrait';
import { usePreview } from './usePreview';
import { useMayChange } from './VoicesSection';

const STATUS: Record<Avatar['status'], { label: string; tone: 'neutral' | 'warning' | 'success' }> =
  {
    draft: { label: 'Draft', tone: 'neutral' },
    image: { label: 'Needs finalising', tone: 'warning' },
    ready: { label: 'Ready', tone: 'success' },
  };

/** Avatars (spec 3 §4): cards with the portrait, which speaks its greeting on Preview. */
export function AvatarsSection() {
  const avatars = useAvatars();
  const voices = useVoices();
  const changes = useAvatarChanges();
  const preview = usePreview();
  const mayChange = useMayChange();
  const canManage = useCan('organization.manage');
  const [creating, setCreating] = useState(false);
  const removal = useConfirmedAction((a: Avatar) => changes.remove.mutateAsync(a.id));
  const defaultVoice = voices.data?.find((v) => v.isDefault)?.id;

  const actionsOf = (a: Avatar): ActionMenuItem[] => [
    ...(a.status === 'image' && mayChange(a)
      ? [{ label: 'Finalise', icon: CheckCircle2, onSelect: () => changes.finalise.mutate(a.id) }]
      : []),
    ...(!a.isDefault
      ? [{ label: 'Make default', icon: Star, onSelect: () => changes.setDefault.mutate(a.id) }]
      : []),
    ...((a.voiceId ?? defaultVoice)
      ? [
          {
            label: 'Duplicate',
            icon: Copy,
            onSelect: () =>
              changes.duplicate.mutate({
                avatarId: a.id,
                voiceId: (a.voiceId ?? defaultVoice) as string,
              }),
          },
        ]
      : []),
    ...(mayChange(a)
      ? [{ label: 'Delete', icon: Trash2, destructive: true, onSelect: () => removal.ask(a) }]
      : []),
  ];

  const list = avatars.isError ? [] : (avatars.data ?? []);
  return (
    <Section
      title="Avatars"
      description="The faces of the interviewer and the meeting bot: a portrait animated in the browser as it speaks."
      icon={UserRound}
      actions={
        canManage ? (
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden /> New avatar
          </Button>
        ) : undefined
      }
    >
      {avatars.isLoading ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-72 w-full" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          icon={UserRound}
          title={avatars.isError ? 'Failed to fetch avatars' : 'No avatars yet'}
          description={
            avatars.isError
              ? 'Reload the page to try again.'
              : 'Create an avatar: pick a portrait and a voice.'
          }
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((a) => {
            const playing = preview.playingId === a.id;
            return (
              <li
                data-avatar-id={a.id}
                key={a.id}
                className="flex flex-col gap-3 rounded-card border border-border bg-surface p-3"
              >
                <AvatarStage
                  avatar={a}
                  playing={preview.current}
                  animate={playing}
                  className="w-full"
                />
                <div className="flex items-start justify-between gap-2">
                  <div className="flex min-w-0 flex-col gap-1">
                    <span className="truncate font-medium text-fg">{a.name}</span>
                    <span className="flex flex-wrap gap-1">
                      <Badge tone={STATUS[a.status].tone}>{STATUS[a.status].label}</Badge>
                      {a.isDefault && <Badge tone="accent">Default</Badge>}
                      {a.library && <Badge>Library</Badge>}
                    </span>
                  </div>
                  {canManage && <ActionMenu label={`Actions for ${a.name}`} items={actionsOf(a)} />}
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() =>
                    playing
                      ? preview.stop()
                      : void preview.play(a.id, () =>
                          speakAs(a.id, a.startPhrase || a.refText || `Hello, I am ${a.name}.`),
                        )
                  }
                >
                  {playing ? (
                    <Square className="size-4" aria-hidden />
                  ) : (
                    <Play className="size-4" aria-hidden />
                  )}
                  {playing ? 'Stop' : 'Preview'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <NewAvatarDialog open={creating} onClose={() => setCreating(false)} changes={changes} />
      <DeleteDialog
        action={removal}
        name={(a) => a.name}
        noun="avatar"
        description="Its portrait is deleted too."
      />
    </Section>
  );
}

/** Draft, then portrait, then finalise (spec 3 §4), as one form. */
function NewAvatarDialog({
  open,
  onClose,
  changes,
}: {
  open: boolean;
  onClose(): void;
  changes: ReturnType<typeof useAvatarChanges>;
}) {
  const voices = useVoices();
  const [name, setName] = useState('');
  const [gender, setGender] = useState<string>('female');
  const [voiceId, setVoiceId] = useState('');
  const [startPhrase, setStartPhrase] = useState('');
  const [speed, setSpeed] = useState('1');
  const [look, setLook] = useState<BuiltInPortrait>('ada');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const tooBig = file !== null && file.size > AVATAR_IMAGE.maxBytes;
  const speedOk = Number(speed) >= 0.5 && Number(speed) <= 2;

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const a = await changes.draft.mutateAsync({
        name: name.trim(),
        gender: gender as Avatar['gender'],
        ...(voiceId ? { voiceId } : {}),
        startPhrase: startPhrase.trim(),
        // Spec 3 §5: the flags and the pace go as text.
        isOrpheus: 'false',
        speechSpeed: speed,
      });
      const form = new FormData();
      form.set('avatarId', a.id);
      if (file) form.set('file', file);
      else form.set('portrait', look);
      await changes.image.mutateAsync(form);
      await changes.finalise.mutateAsync(a.id);
      setName('');
      setStartPhrase('');
      setFile(null);
      onClose();
    } catch (e) {
      setError(failureMessage(e, 'Failed to update avatar'));
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title="New avatar"
      description="Pick a portrait and a voice; the avatar is tried once with its voice before it is ready."
      onClose={onClose}
      pending={pending}
      valid={name.trim().length > 0 && speedOk && !tooBig}
      error={error}
      submitLabel="Create avatar"
      onSubmit={() => void submit()}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={80}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Gender"
          value={gender}
          onValueChange={setGender}
          options={VOICE_GENDERS.map((g) => ({
            value: g,
            label: g[0]!.toUpperCase() + g.slice(1),
          }))}
        />
        <SelectField
          label="Voice"
          value={voiceId || 'default'}
          onValueChange={(v) => setVoiceId(v === 'default' ? '' : v)}
          options={[
            { value: 'default', label: 'Default voice' },
            ...(voices.data ?? []).map((v) => ({ value: v.id, label: v.name })),
          ]}
        />
      </div>
      <TextField
        label="Greeting"
        hint="What it says first."
        value={startPhrase}
        onChange={(e) => setStartPhrase(e.target.value)}
        maxLength={500}
      />
      <TextField
        label="Speech speed"
        type="number"
        min={0.5}
        max={2}
        step={0.05}
        value={speed}
        onChange={(e) => setSpeed(e.target.value)}
        error={speedOk ? undefined : 'Speech speed is between 0.5 and 2'}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-fg">Portrait</legend>
        <div className="flex gap-2">
          {BUILT_IN_PORTRAITS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={!file && look === p}
              onClick={() => {
                setLook(p);
                setFile(null);
              }}
              className={cn(
                'size-16 overflow-hidden rounded-card border-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                !file && look === p ? 'border-accent' : 'border-transparent',
              )}
            >
              <IllustratedPortrait look={p} className="size-full" title={PORTRAIT_LABELS[p]} />
            </button>
          ))}
        </div>
        <TextField
          label="Or upload a picture"
          type="file"
          accept="image/*"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          error={tooBig ? 'The portrait must be 5 MB or smaller' : undefined}
        />
      </fieldset>
    </FormDialog>
  );
}
