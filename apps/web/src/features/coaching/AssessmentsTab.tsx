import { ClipboardCheck } from 'lucide-react';
import { Badge, Button, EmptyState, LoadError } from '../../ui';
import { VideoList } from './VideoList';
import { useCoachingContent, useCoachingRole, useMyProgress } from './api';
import { AssessmentRunner } from './AssessmentRunner';
import { LoadingCards } from './ContentTab';
import { scoreText, videosOf } from './model';

interface Props {
  /** The video whose quiz is being taken (from the address), or null for the list. */
  meetingId: string | null;
  onTake(meetingId: string | null): void;
}

/** The assessments a learner can take (one per quizzed video), with their latest score. */
export function AssessmentsTab({ meetingId, onTake }: Props) {
  const role = useCoachingRole();
  const content = useCoachingContent();
  const progress = useMyProgress(role.learner);
  if (!role.learner)
    return (
      <EmptyState
        icon={ClipboardCheck}
        title="Assessments are taken by learners"
        description="Sales reps and managers take the assessment of each quizzed training video; their scores show in the Progress tab."
      />
    );
  if (meetingId)
    return <AssessmentRunner key={meetingId} meetingId={meetingId} onBack={() => onTake(null)} />;
  if (content.isPending) return <LoadingCards />;
  if (content.isError)
    return (
      <LoadError
        icon={ClipboardCheck}
        what="The assessments"
        onRetry={() => void content.refetch()}
      />
    );
  const quizzed = videosOf(content.data).filter((v) => v.video?.hasQuiz);
  if (quizzed.length === 0)
    return (
      <EmptyState
        icon={ClipboardCheck}
        title="No assessments yet"
        description="Each training video with a quiz gives an assessment. None of yours has one yet."
      />
    );
  const byMeeting = new Map(progress.data?.videos.map((v) => [v.meetingId, v]));
  return (
    <VideoList
      label="Assessments"
      videos={quizzed}
      icon={ClipboardCheck}
      rowTestId="assessment-row"
    >
      {(v) => {
        const mine = byMeeting.get(v.meetingId);
        return (
          <>
            {mine?.quizScore != null ? (
              <Badge tone="success">{`Last score ${scoreText(mine.quizScore)}`}</Badge>
            ) : (
              <Badge>Not taken</Badge>
            )}
            {mine?.attempts ? (
              <span className="tabular text-xs text-muted">
                {`${mine.attempts} attempt${mine.attempts === 1 ? '' : 's'}`}
              </span>
            ) : null}
            <Button size="sm" onClick={() => onTake(v.meetingId)}>
              {mine?.quizScore != null ? 'Retake' : 'Start'}
            </Button>
          </>
        );
      }}
    </VideoList>
  );
}
