import type { Connect } from '../../lib/realtime';
import { useHasFeature } from '../../ui';
import { LiveBiometricCard } from './LiveBiometricCard';
import { LiveCards } from './LiveCards';
import { LivePhysiologyCard } from './LivePhysiologyCard';
import { LiveTranscriptPanel } from './LiveTranscriptPanel';
import { useLiveMeeting } from './use-live-meeting';
import type { LivePhysiology } from './use-live-physiology';

/**
 * The live transcript beside the live cards, for one meeting's realtime room; with
 * `physiology` (the participant's own capture, run by the page that shows their video) the
 * live physiology and live verification cards too, for organisations that have them.
 */
export function LiveMeetingPanels({
  meetingId,
  connect,
  physiology,
}: {
  meetingId: string;
  connect?: Connect;
  physiology?: LivePhysiology;
}) {
  const live = useLiveMeeting(meetingId, connect ? { connect } : {});
  const has = useHasFeature();
  const hasPhysiology = has('Physiology Analytics');
  const hasBiometrics = has('Biometrics');
  return (
    <div className="space-y-4">
      {(physiology && hasPhysiology) || hasBiometrics ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {physiology && hasPhysiology ? <LivePhysiologyCard physiology={physiology} /> : null}
          {hasBiometrics ? <LiveBiometricCard meetingId={meetingId} /> : null}
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <LiveTranscriptPanel live={live} />
        <LiveCards live={live} />
      </div>
    </div>
  );
}
