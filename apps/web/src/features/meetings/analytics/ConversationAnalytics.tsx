import { memo } from 'react';
import type { Meeting } from '@parley/contracts';
import { FeatureGate } from '../../../ui';
import {
  ZAI_FEATURE,
  useConversation,
  useDiarization,
  useSentiment,
  useSpeakingRate,
} from '../analysis/queries';
import { EngagementCard } from './EngagementCard';
import { FillerWordsChart } from './FillerWordsChart';
import { QuestionsList } from './QuestionsList';
import { SentimentChart } from './SentimentChart';
import { SpeakingRateChart } from './SpeakingRateChart';
import { TalkTimeChart } from './TalkTimeChart';

interface Props {
  meeting: Pick<Meeting, 'id' | 'inferenceStatus' | 'additionalDetails'>;
  hasZai: boolean;
  onSeek(time: number): void;
}

/**
 * The conversation analytics under the player (DESIGN: signal charts under the player). Talk
 * time comes from the audio and is in every plan; the text analytics need Zai Intelligence.
 * Memoised: the page re-renders ten times a second while the video plays.
 */
export const ConversationAnalytics = memo(function ConversationAnalytics({
  meeting,
  hasZai,
  onSeek,
}: Props) {
  const names = meeting.additionalDetails;
  const processed = meeting.inferenceStatus === 'processed';
  const diarization = useDiarization(meeting);
  const rate = useSpeakingRate(meeting, hasZai);
  const sentiment = useSentiment(meeting, hasZai);
  const conversation = useConversation(meeting, hasZai);
  // Before the analysis is done there is nothing to load: show skeletons, not empty states.
  const loading = (q: { isPending: boolean; isError: boolean }) =>
    !processed || (q.isPending && !q.isError);

  return (
    <section aria-label="Conversation analytics" className="flex flex-col gap-3">
      <h2 className="text-base font-semibold text-fg">Conversation</h2>
      <div className="grid gap-3 md:grid-cols-2">
        <TalkTimeChart data={diarization.data} loading={loading(diarization)} names={names} />
        <FeatureGate feature={ZAI_FEATURE}>
          <EngagementCard data={conversation.data} loading={loading(conversation)} />
        </FeatureGate>
        <FeatureGate feature={ZAI_FEATURE} className="md:col-span-2">
          <SpeakingRateChart
            data={rate.data}
            loading={loading(rate)}
            names={names}
            onSeek={onSeek}
          />
        </FeatureGate>
        <FeatureGate feature={ZAI_FEATURE} className="md:col-span-2">
          <SentimentChart data={sentiment.data} loading={loading(sentiment)} onSeek={onSeek} />
        </FeatureGate>
        <FeatureGate feature={ZAI_FEATURE}>
          <FillerWordsChart
            data={conversation.data}
            loading={loading(conversation)}
            names={names}
          />
        </FeatureGate>
        <FeatureGate feature={ZAI_FEATURE}>
          <QuestionsList
            data={conversation.data}
            loading={loading(conversation)}
            names={names}
            onSeek={onSeek}
          />
        </FeatureGate>
      </div>
    </section>
  );
});
