import { useDocumentTitle } from '../../lib/use-document-title';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CameraOff, CircleCheck, LinkIcon, ScanFace, ShieldCheck, Video } from 'lucide-react';
import { PARTICIPANT_MESSAGES as P, REGISTRATION_VIDEO } from '@parley/contracts';
import { Button, Card, CheckboxField, EmptyState, LogoMark, ProgressBar, Spinner } from '../../ui';
import { CameraStep } from './CameraStep';
import { checkInvitation, uploadRegistration } from './registration';

type Step = 'details' | 'permission' | 'camera' | 'uploading';

/** The frame of every participant step: logo, a step title and a card. */
export function ParticipantFrame({
  title,
  step,
  children,
}: {
  title: string;
  step?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="min-h-dvh bg-bg px-4 py-10">
      <main className="mx-auto flex w-full max-w-xl flex-col gap-6">
        <LogoMark />
        <div className="flex flex-col gap-1">
          {step ? <p className="text-xs font-medium text-muted uppercase">{step}</p> : null}
          <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
        </div>
        <Card className="p-6">{children}</Card>
      </main>
    </div>
  );
}

/** Spec 2 §2: 'Registration Successful', with an Exit button that closes the window. */
export function RegistrationSuccessful() {
  return (
    <ParticipantFrame title={P.registered}>
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-success/15 text-success">
          <CircleCheck className="size-6" aria-hidden />
        </span>
        <p className="text-sm text-muted">{P.registeredText}</p>
        <Button variant="secondary" onClick={() => window.close()}>
          Exit
        </Button>
      </div>
    </ParticipantFrame>
  );
}

/**
 * /participants/invite-form/{organizationId}/{token} (and the HR workflow variant): details,
 * camera and microphone permission, recording with the face guide, upload, confirmation.
 */
export default function ParticipantPage() {
  const { organizationId = '', email: token = '', applicantId } = useParams();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('details');
  const [agreed, setAgreed] = useState(false);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [denied, setDenied] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const check = useQuery({
    queryKey: ['invitation', organizationId, token],
    queryFn: ({ signal }) => checkInvitation(organizationId, token, signal),
    retry: false,
  });
  useEffect(() => () => stream?.getTracks().forEach((t) => t.stop()), [stream]);

  async function askPermission() {
    setDenied(null);
    try {
      setStream(
        await navigator.mediaDevices.getUserMedia({
          video: { width: 640, height: 480 },
          audio: true,
        }),
      );
      setStep('camera');
    } catch (e) {
      setDenied(
        e instanceof Error && e.name === 'NotAllowedError'
          ? 'Camera and microphone access was blocked. Allow it in your browser’s site settings (the camera icon in the address bar), then try again.'
          : 'No camera or microphone could be opened. Connect one, close other apps using it, and try again.',
      );
    }
  }

  async function upload(clip: Blob) {
    setFailure(null);
    setProgress(0);
    setStep('uploading');
    try {
      await uploadRegistration(organizationId, token, clip, {
        isHr: applicantId !== undefined,
        ...(applicantId ? { applicantId } : {}),
        onProgress: setProgress,
      });
      stream?.getTracks().forEach((t) => t.stop());
      void navigate('/participants/confirmed', { replace: true });
    } catch (e) {
      setFailure(e instanceof Error ? e.message : P.saveFailed);
      setStep('camera');
    }
  }

  if (check.isPending)
    return (
      <ParticipantFrame title="Participant registration">
        <div className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Checking your invitation…
        </div>
      </ParticipantFrame>
    );
  if (check.isError || !check.data.valid)
    return (
      <ParticipantFrame title="Participant registration">
        <EmptyState
          icon={LinkIcon}
          title={check.isError ? 'The invitation could not be checked' : P.invalidLink}
          description={
            check.isError
              ? 'Check your connection and reload the page.'
              : 'Ask the person who invited you for a new link.'
          }
          action={
            check.isError ? (
              <Button variant="secondary" onClick={() => void check.refetch()}>
                Try again
              </Button>
            ) : undefined
          }
        />
      </ParticipantFrame>
    );
  if (check.data.participantRegistrationStatus === 'processed') return <RegistrationSuccessful />;

  if (step === 'details')
    return (
      <ParticipantFrame title="Register your face and voice" step="Step 1 of 3 · Details">
        <div className="flex flex-col gap-4 text-sm text-fg">
          <p>
            You have been invited to register for a meeting or interview. Registration lets the
            organizer confirm that the person in the recording is you.
          </p>
          <ul className="flex flex-col gap-2 text-muted">
            <li className="flex gap-2">
              <Video className="size-4 shrink-0 text-accent" aria-hidden /> You record a short clip
              (about {REGISTRATION_VIDEO.recordSeconds} seconds) of your face while saying a
              sentence.
            </li>
            <li className="flex gap-2">
              <ShieldCheck className="size-4 shrink-0 text-accent" aria-hidden /> Only a face and a
              voice template are kept, encrypted; the video itself is not stored.
            </li>
          </ul>
          <CheckboxField
            checked={agreed}
            onCheckedChange={(v) => setAgreed(v === true)}
            label="I agree to the biometric registration of my face and voice"
          />
          <div className="flex justify-end">
            <Button disabled={!agreed} onClick={() => setStep('permission')}>
              Continue
            </Button>
          </div>
        </div>
      </ParticipantFrame>
    );

  if (step === 'permission')
    return (
      <ParticipantFrame title="Allow camera and microphone" step="Step 2 of 3 · Permission">
        <div className="flex flex-col gap-4 text-sm">
          <p className="text-fg">
            Your browser will ask to use your camera and microphone. They are used only on this
            page, to record your registration clip.
          </p>
          {denied ? (
            <div
              role="alert"
              className="flex gap-2 rounded-card border border-danger/40 bg-danger/10 p-3 text-fg"
            >
              <CameraOff className="size-4 shrink-0 text-danger" aria-hidden /> {denied}
            </div>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep('details')}>
              Back
            </Button>
            <Button onClick={() => void askPermission()}>
              {denied ? 'Try again' : 'Allow camera and microphone'}
            </Button>
          </div>
        </div>
      </ParticipantFrame>
    );

  return (
    <ParticipantFrame title="Record your face" step="Step 3 of 3 · Camera">
      {step === 'uploading' ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-fg">Uploading and registering your face and voice…</p>
          <ProgressBar value={progress * 100} label="Upload progress" />
          <p className="text-xs text-muted tabular-nums">
            {progress < 1 ? `${Math.round(progress * 100)} %` : 'Processing your recording…'}
          </p>
        </div>
      ) : stream ? (
        <div className="flex flex-col gap-3">
          {failure ? (
            <p
              role="alert"
              className="rounded-card border border-danger/40 bg-danger/10 p-3 text-sm text-fg"
            >
              {failure}
            </p>
          ) : null}
          <CameraStep stream={stream} onUpload={(clip) => void upload(clip)} />
        </div>
      ) : (
        <EmptyState
          icon={ScanFace}
          title="The camera is not open"
          description="Allow the camera and microphone to record your clip."
          action={<Button onClick={() => setStep('permission')}>Allow camera</Button>}
        />
      )}
    </ParticipantFrame>
  );
}
