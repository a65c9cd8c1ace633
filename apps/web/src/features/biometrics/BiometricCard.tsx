import { useState, type FormEvent } from 'react';
import { Fingerprint, Play, ScanFace, Send, UserPlus } from 'lucide-react';
import {
  PARTICIPANT_MESSAGES as P,
  isBiometricRunActive,
  isFeatureAvailable,
  type BiometricResult,
  type BiometricStatus,
} from '@parley/contracts';
import { useAuth } from '../../lib/auth-store';
import type { Connect } from '../../lib/realtime';
import { toast } from '../../lib/toast';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  FeatureGate,
  Input,
  Skeleton,
  type BadgeTone,
} from '../../ui';
import {
  useBiometricResults,
  useBiometricRun,
  useInviteParticipant,
  useMeetingParticipants,
  useStartBiometric,
} from './api';
import { VerificationStatus } from './VerificationStatus';

const clock = (t: number) => `${Math.floor(t / 60)}:${String(Math.floor(t % 60)).padStart(2, '0')}`;

const STATUS: Record<BiometricStatus, { label: string; tone: BadgeTone }> = {
  verified: { label: 'Verified', tone: 'success' },
  mismatch: { label: 'Mismatch', tone: 'danger' },
  not_registered: { label: 'Not registered', tone: 'warning' },
  no_face: { label: 'No face', tone: 'neutral' },
};

function ResultRow({ r, onSeek }: { r: BiometricResult; onSeek(t: number): void }) {
  const s = STATUS[r.status];
  return (
    <li
      className="flex gap-3 border-t border-border py-3 first:border-t-0"
      data-testid="biometric-result"
    >
      {r.image ? (
        <img
          src={`data:image/jpeg;base64,${r.image}`}
          alt={`Face of ${r.subjectName} in the video`}
          className="size-16 shrink-0 rounded-card object-cover"
        />
      ) : (
        <span className="grid size-16 shrink-0 place-items-center rounded-card bg-surface-2 text-subtle">
          <ScanFace className="size-6" aria-hidden />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate text-sm font-medium text-fg">{r.subjectName}</span>
          <Badge tone={s.tone}>{s.label}</Badge>
          {r.face ? (
            <span className="text-xs text-muted tabular-nums">
              face {r.face.similarity.toFixed(2)}
            </span>
          ) : null}
          {r.voice ? (
            <span
              className="text-xs text-muted"
              title="The voice comparison is a weak signal: it is reported, never used to verify."
            >
              voice {r.voice.likelySame ? 'similar' : 'not similar'} (weak signal)
            </span>
          ) : null}
        </div>
        <p className="text-sm text-muted">{r.verificationMessage}</p>
        {r.audio ? (
          <audio
            controls
            src={`data:audio/wav;base64,${r.audio}`}
            className="h-8 w-full max-w-xs"
            aria-label={`Voice of ${r.subjectName}`}
          />
        ) : null}
        {r.mismatchedEvents.length ? (
          <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
            Another face at
            {r.mismatchedEvents.slice(0, 8).map((e) => (
              <Button
                key={e.start}
                size="sm"
                variant="ghost"
                className="h-6 px-1.5 tabular-nums"
                onClick={() => onSeek(e.start)}
              >
                {clock(e.start)}–{clock(e.end)}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function InviteForm({ meetingId }: { meetingId: string }) {
  const invite = useInviteParticipant(meetingId);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const valid = /^\S+@\S+\.\S+$/.test(email.trim());
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return;
    invite.mutate(
      { email: email.trim(), name: name.trim() },
      {
        onSuccess: (p) => {
          toast({ title: P.invited, description: p.email, variant: 'success' });
          setEmail('');
          setName('');
        },
      },
    );
  }
  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2"
      aria-label="Invite a participant"
    >
      <Input
        aria-label="Participant e-mail"
        placeholder="participant@example.com"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className="min-w-48 flex-1"
      />
      <Input
        aria-label="Participant name"
        placeholder="Name (optional)"
        value={name}
        onChange={(e) => setName(e.target.value)}
        className="w-40"
      />
      <Button type="submit" variant="secondary" disabled={!valid} loading={invite.isPending}>
        <Send aria-hidden /> Invite
      </Button>
    </form>
  );
}

/** The meeting page's biometric verification card (gated on 'Biometrics'). */
export function BiometricCard({
  meetingId,
  onSeek,
  canVerify,
  connect,
}: {
  meetingId: string;
  onSeek(t: number): void;
  canVerify: boolean;
  /** Replaces socket.io (tests). */
  connect?: Connect;
}) {
  const { user } = useAuth();
  const enabled = !!user && isFeatureAvailable(user, 'Biometrics');
  const people = useMeetingParticipants(meetingId, enabled);
  const results = useBiometricResults(meetingId, enabled);
  const run = useBiometricRun(meetingId, enabled, connect);
  const start = useStartBiometric(meetingId);
  const running = run.data !== undefined && isBiometricRunActive(run.data.status);
  const registered = (people.data ?? []).filter((p) => p.faceRegistered).length;
  return (
    <FeatureGate feature="Biometrics">
      <Card role="region" className="flex flex-col gap-4 p-4" aria-labelledby="biometric-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <Fingerprint className="size-4 text-accent" aria-hidden />
            <h2 id="biometric-title" className="text-base font-semibold text-fg">
              Biometric verification
            </h2>
          </div>
          <Button
            size="sm"
            onClick={() => start.mutate()}
            loading={start.isPending}
            disabled={!canVerify || (people.data ?? []).length === 0 || running}
          >
            <Play aria-hidden /> Verify participants
          </Button>
        </div>
        <p className="text-xs text-muted">
          {people.data ? `${people.data.length} invited · ${registered} registered` : ' '} · The
          face decides; the voice is shown as a weak signal only.
        </p>
        {run.data ? (
          <VerificationStatus
            run={run.data}
            onRetry={canVerify ? () => start.mutate() : undefined}
            retrying={start.isPending}
          />
        ) : null}
        {results.isPending || people.isPending ? (
          <Skeleton className="h-20" />
        ) : results.isError ? (
          <p role="alert" className="text-sm text-danger">
            {P.dataFailed}
          </p>
        ) : results.data.length === 0 ? (
          <EmptyState
            className="py-8"
            icon={UserPlus}
            title={(people.data ?? []).length ? P.waiting : 'No participants invited'}
            description={
              running
                ? 'The results appear here when the verification finishes.'
                : (people.data ?? []).length
                  ? 'Run the verification to compare the registered faces with the video.'
                  : 'Invite the people in this meeting to register their face and voice.'
            }
          />
        ) : (
          <ul aria-label="Verification results">
            {results.data.map((r) => (
              <ResultRow key={r.subjectId} r={r} onSeek={onSeek} />
            ))}
          </ul>
        )}
        {canVerify ? <InviteForm meetingId={meetingId} /> : null}
      </Card>
    </FeatureGate>
  );
}
