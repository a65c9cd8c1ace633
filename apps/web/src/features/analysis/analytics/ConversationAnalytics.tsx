import { memo } from 'react';
import type { Meeting } from '@parley/contracts';
import { FeatureGate } from '../../../ui';
import {
  ZAI_FEATURE,
  useConversation,
  useDiarization,
  useSentiment,
  useSpeakingRate,
} from '../api';
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

  const talk = (
    <TalkTimeChart data={diarization.data} loading={loading(diarization)} names={names} />
  );
  const zai = (
    <>
      <EngagementCard data={conversation.data} loading={loading(conversation)} />
      <SpeakingRateChart
        data={rate.data}
        loading={loading(rate)}
        names={names}
        onSeek={onSeek}
        className="md:col-span-2"
      />
      <SentimentChart
        data={sentiment.data}
        loading={loading(sentiment)}
        onSeek={onSeek}
        className="md:col-span-2"
      />
      <FillerWordsChart data={conversation.data} loading={loading(conversation)} names={names} />
      <QuestionsList
        data={conversation.data}
        loading={loading(conversation)}
        names={names}
        onSeek={onSeek}
      />
    </>
  );

  return (
    <section aria-label="Conversation analytics" className="flex flex-col gap-3">
      <h2 className="text-base font-semibold text-fg">Conversation</h2>
      {hasZai ? (
        <div className="grid gap-3 md:grid-cols-2">
          {talk}
          {zai}
        </div>
      ) : (
        <>
          {talk}
          {/* One lock over all the text analytics, not one per card. */}
          <FeatureGate feature={ZAI_FEATURE}>
            <div className="grid gap-3 md:grid-cols-2">{zai}</div>
          </FeatureGate>
        </>
      )}
    </section>
  );
});
