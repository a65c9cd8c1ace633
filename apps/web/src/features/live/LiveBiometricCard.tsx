import { useState } from 'react';
import { ScanFace } from 'lucide-react';
import {
  LIVE_INFERENCE_MESSAGES as M,
  liveInferenceRoutes,
  liveRoutes,
  type LiveBiometricResult,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { ApiRequestError } from '../../lib/api-client';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, SelectField } from '../../ui';
import { useMeetingParticipants } from '../biometrics';

/** A still of a participant's tile as this browser shows it (JPEG, base64), if it is shown. */
export function stillOf(name: string): string | undefined {
  const video = [
    ...document.querySelectorAll<HTMLVideoElement>('video[data-participant-name]'),
  ].find((v) => v.dataset.participantName === name);
  if (!video || video.videoWidth === 0) return undefined;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return canvas.toDataURL('image/jpeg', 0.9).split(',')[1];
}

/** Spec 2 §8: a live failure shows its status and message, else 500 'Error verifying biometric: …'. */
export function liveFailure(e: unknown): string {
  if (e instanceof ApiRequestError)
    return `${e.status}: ${e.serverMessage ?? `${M.verifyErrorPrefix}${e.message}`}`;
  return `500: ${M.verifyErrorPrefix}${e instanceof Error ? e.message : String(e)}`;
}

function Result({ result }: { result: LiveBiometricResult }) {
  if (result.status === 'not_registered')
    return <p className="text-sm font-medium text-fg">{M.notRegistered}</p>;
  const tone =
    result.status === 'verified' ? 'success' : result.status === 'mismatch' ? 'danger' : 'neutral';
  const label =
    result.status === 'verified' ? 'Match' : result.status === 'mismatch' ? 'Mismatch' : 'No face';
  return (
    <div className="space-y-1.5 text-sm" data-testid="live-biometric-result">
      <p className="flex items-center gap-2">
        <Badge tone={tone}>{label}</Badge>
        {result.face ? (
          <span className="tabular-nums text-muted">
            similarity {result.face.similarity.toFixed(2)} (threshold{' '}
            {result.face.threshold.toFixed(2)})
          </span>
        ) : null}
      </p>
      <p className="text-muted">{result.verificationMessage}</p>
      {result.voice === null ? (
        <p className="text-xs text-muted">
          Voice: not compared ({result.voiceSeconds.toFixed(1)} s of their speech around now).
        </p>
      ) : null}
    </div>
  );
}

/**
 * Live biometric verification (spec 2 §7): a registered participant of the meeting against the
 * call now — their face from a still of their tile here, their voice from the call's audio.
 */
export function LiveBiometricCard({ meetingId }: { meetingId: string }) {
  const people = useMeetingParticipants(meetingId, true);
  const [subjectId, setSubjectId] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LiveBiometricResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const subject = people.data?.find((p) => p.participantId === subjectId);

  const verify = async () => {
    if (!subject) return;
    setBusy(true);
    setFailure(null);
    try {
      const status = await api(liveRoutes.status, { params: { meetingId }, toast: false });
      const voiceTimeStamp = status.startedAt
        ? Math.max(0, (Date.now() - Date.parse(status.startedAt)) / 1000)
        : 0;
      const faceImage = stillOf(subject.name);
      setResult(
        await api(liveInferenceRoutes.verifyBiometrics, {
          body: {
            subjectId: subject.participantId,
            meetingId,
            subjectName: subject.name,
            inferenceId: meetingId,
            voiceTimeStamp,
            ...(faceImage ? { faceImage } : {}),
          },
          toast: false,
        }),
      );
    } catch (e) {
      // Spec 2 §4: a live failure turns the face and voice results off.
      setResult(null);
      setFailure(liveFailure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card role="region" aria-label="Live verification">
      <CardHeader className="flex-row items-center gap-2">
        <ScanFace className="size-4 text-muted" aria-hidden />
        <CardTitle className="text-sm">Live verification</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 pt-3">
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            className="min-w-40 flex-1"
            label="Participant"
            value={subjectId}
            onValueChange={(v) => {
              setSubjectId(v);
              setResult(null);
              setFailure(null);
            }}
            placeholder={people.isPending ? 'Loading…' : 'Choose a participant'}
            disabled={!people.data?.length}
            options={(people.data ?? []).map((p) => ({
              value: p.participantId,
              label: p.name || p.email,
            }))}
          />
          <Button
            size="sm"
            disabled={!subject || busy}
            loading={busy}
            onClick={() => void verify()}
          >
            Verify
          </Button>
        </div>
        {people.data?.length === 0 ? (
          <p className="text-sm text-muted">No participants were invited to this meeting.</p>
        ) : null}
        {failure ? (
          <p role="alert" className="text-sm text-danger">
            {M.biometricFailed} — {failure}
          </p>
        ) : result ? (
          <Result result={result} />
        ) : people.data?.length ? (
          <p className="text-sm text-muted">{M.waiting}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
