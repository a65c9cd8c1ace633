import { useState } from 'react';
import { ListChecks, Plus, Trash2 } from 'lucide-react';
import type { CoachingItem } from '@parley/contracts';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { Badge, Button, DeleteDialog, EmptyState, LoadError } from '../../ui';
import { VideoList } from './VideoList';
import { useCoachingContent, useCoachingRole, useQuizChanges } from './api';
import { LoadingCards } from './ContentTab';
import { QuizEditorDialog } from './QuizEditorDialog';
import { videosOf } from './model';

type Video = CoachingItem & { meetingId: string };

interface Props {
  /** A learner starts the assessment of a video's quiz. */
  onTake(meetingId: string): void;
}

/** The quizzes on training videos: authors create and delete them, learners take them. */
export function QuizzesTab({ onTake }: Props) {
  const content = useCoachingContent();
  const role = useCoachingRole();
  const { remove } = useQuizChanges();
  const [editing, setEditing] = useState<Video | null>(null);
  const removal = useConfirmedAction((v: Video) => remove.mutateAsync(v.meetingId));

  if (content.isPending) return <LoadingCards />;
  if (content.isError)
    return (
      <LoadError icon={ListChecks} what="The quizzes" onRetry={() => void content.refetch()} />
    );
  // Learners see the videos that have a quiz; authors every video they may write one for.
  const own = (v: Video) => role.superAdmin || (role.author && !v.isDefault);
  const videos = videosOf(content.data).filter((v) => v.video?.hasQuiz || own(v));
  if (videos.length === 0)
    return (
      <EmptyState
        icon={ListChecks}
        title="No quizzes yet"
        description={
          role.author
            ? 'A quiz is written on a training video. Add a training video first, then create its quiz here.'
            : 'Quizzes on your training videos appear here once your organization creates them.'
        }
      />
    );

  return (
    <>
      <VideoList label="Quizzes" videos={videos} icon={ListChecks} rowTestId="quiz-row">
        {(v) => {
          const hasQuiz = Boolean(v.video?.hasQuiz);
          return (
            <>
              {hasQuiz ? <Badge tone="info">Quiz ready</Badge> : <Badge>No quiz</Badge>}
              {v.isDefault ? <Badge tone="accent">Default</Badge> : null}
              <div className="flex gap-2">
                {role.learner && hasQuiz ? (
                  <Button size="sm" onClick={() => onTake(v.meetingId)}>
                    Take assessment
                  </Button>
                ) : null}
                {own(v) && !hasQuiz ? (
                  <Button size="sm" variant="secondary" onClick={() => setEditing(v)}>
                    <Plus aria-hidden /> Create quiz
                  </Button>
                ) : null}
                {own(v) && hasQuiz ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete the quiz on ${v.title}`}
                    onClick={() => removal.ask(v)}
                  >
                    <Trash2 aria-hidden /> Delete quiz
                  </Button>
                ) : null}
              </div>
            </>
          );
        }}
      </VideoList>
      <QuizEditorDialog video={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        action={removal}
        name={(v) => `the quiz on ‘${v.title}’`}
        noun="quiz"
        description="Learners can no longer take it. A new quiz can be written afterwards."
      />
    </>
  );
}
