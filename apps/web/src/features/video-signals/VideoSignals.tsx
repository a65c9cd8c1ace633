import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { FeatureName, Meeting } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { LockedFeaturesCard, useHasFeature } from '../../ui';
import { ABOUT_ANALYSIS_PATH } from '../accuracy';
import { EmotionTimeline } from './EmotionTimeline';
import { GazeHeatMap } from './GazeHeatMap';
import { HeadPoseChart } from './HeadPoseChart';
import type { LiveLipSyncFeed } from './live-lip-sync';
import { LiveLipSyncCard } from './LiveLipSyncCard';
import { DemographicsCard, LipSyncCard, TruthfulnessCard } from './PeopleCards';
import { PhysiologyCharts } from './PhysiologyCharts';
import { ProctoringAlerts } from './ProctoringAlerts';
import { useInference } from './api';

interface Props {
  meeting: Pick<Meeting, 'id' | 'inferenceStatus'>;
  onSeek(time: number): void;
  /** The live lip-sync readings, shown until the meeting is processed. */
  liveLipSync?: LiveLipSyncFeed;
}

/** A card of the grid and the feature it needs (the server gates the same way). */
interface SignalCard {
  feature: FeatureName;
  wide?: boolean;
  node: ReactNode;
}

/**
 * The face and physiology signals under the player: head pose, gaze, emotions, physiology
 * (with its estimate labels), proctoring, demographics, lip sync and experimental
 * truthfulness. Time-based cards seek the player like the transcript does. While the meeting
 * is analysed, lip sync shows its live readings instead.
 */
export const VideoSignals = memo(function VideoSignals({ meeting, onSeek, liveLipSync }: Props) {
  const processed = meeting.inferenceStatus === 'processed';
  const loading = (q: { isPending: boolean; isError: boolean }) =>
    !processed || (q.isPending && !q.isError);
  const headpose = useInference(meeting, 'headpose');
  const eyegaze = useInference(meeting, 'eyegaze');
  const emotions = useInference(meeting, 'emotions');
  const physiological = useInference(meeting, 'physiological');
  const proctoring = useInference(meeting, 'proctoring');
  const age = useInference(meeting, 'age');
  const gender = useInference(meeting, 'gender');
  const race = useInference(meeting, 'race');
  const lipsync = useInference(meeting, 'lipsync');
  const truthfulness = useInference(meeting, 'truthfulness');
  const has = useHasFeature();

  const cards: SignalCard[] = [
    {
      feature: 'Head Pose',
      node: <HeadPoseChart data={headpose.data} loading={loading(headpose)} />,
    },
    {
      feature: 'Focus Analytics',
      node: <GazeHeatMap data={eyegaze.data} loading={loading(eyegaze)} />,
    },
    {
      feature: 'Facial Emotions',
      wide: true,
      node: <EmotionTimeline data={emotions.data} loading={loading(emotions)} onSeek={onSeek} />,
    },
    {
      feature: 'Physiology Analytics',
      wide: true,
      node: (
        <PhysiologyCharts
          data={physiological.data}
          loading={loading(physiological)}
          onSeek={onSeek}
        />
      ),
    },
    {
      feature: 'Proctoring',
      node: (
        <ProctoringAlerts data={proctoring.data} loading={loading(proctoring)} onSeek={onSeek} />
      ),
    },
    {
      feature: 'Biometrics',
      node: (
        <DemographicsCard
          age={age.data}
          gender={gender.data}
          race={race.data}
          loading={loading(age) || loading(gender)}
        />
      ),
    },
    {
      feature: 'Lip Sync',
      node:
        liveLipSync && !processed ? (
          <LiveLipSyncCard feed={liveLipSync} />
        ) : (
          <LipSyncCard data={lipsync.data} loading={loading(lipsync)} />
        ),
    },
    {
      feature: 'Truthfullness',
      node: (
        <TruthfulnessCard
          data={truthfulness.data}
          loading={loading(truthfulness)}
          onSeek={onSeek}
        />
      ),
    },
  ];

  return (
    <section aria-label="Video signals" className="flex flex-col gap-3" data-testid="video-signals">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-fg">Video signals</h2>
        <Link
          to={ABOUT_ANALYSIS_PATH}
          className="text-sm font-medium text-accent-text hover:underline"
          data-testid="about-analysis-link"
        >
          How accurate are these?
        </Link>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {cards
          .filter((c) => has(c.feature))
          .map((c) => (
            // Cards of a row share its height.
            <div key={c.feature} className={cn('[&>section]:h-full', c.wide && 'md:col-span-2')}>
              {c.node}
            </div>
          ))}
        <LockedFeaturesCard
          className="md:col-span-2"
          features={cards.filter((c) => !has(c.feature)).map((c) => c.feature)}
        />
      </div>
    </section>
  );
});
