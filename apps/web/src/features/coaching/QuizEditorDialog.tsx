import { useRef, useState } from 'react';
import { CircleAlert, Play, Plus, Sparkles, Trash2 } from 'lucide-react';
import {
  COACHING_MESSAGES,
  QUIZ_LIMITS,
  type CoachingItem,
  type QuizDraft,
} from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button, Dialog, DialogContent, DialogFooter, SelectField, TextField } from '../../ui';
import { useQuizChanges, useQuizGeneration } from './api';
import {
  momentRange,
  newOption,
  newQuestion,
  quizProblem,
  setKind,
  toggleCorrect,
  toInput,
  withDrafts,
  type QuestionDraft,
} from './quiz-draft';

const KIND_OPTIONS = [
  { value: 'single', label: 'Single choice' },
  { value: 'multiple', label: 'Multiple choice' },
];

function QuestionEditor({
  index,
  q,
  onChange,
  onRemove,
  onPlay,
}: {
  index: number;
  q: QuestionDraft;
  onChange(q: QuestionDraft): void;
  onRemove?(): void;
  /** Plays the question's moment in the dialog's preview, when the video can be played. */
  onPlay?(moment: { start: number; end: number }): void;
}) {
  const name = `Question ${index + 1}`;
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-card border border-border p-3"
      aria-label={name}
    >
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={name}
          className="min-w-48 flex-1"
          value={q.text}
          maxLength={QUIZ_LIMITS.text}
          onChange={(e) => onChange({ ...q, text: e.target.value })}
        />
        <SelectField
          label={`${name} kind`}
          hideLabel
          value={q.kind}
          onValueChange={(v) => onChange(setKind(q, v as QuestionDraft['kind']))}
          options={KIND_OPTIONS}
          className="w-44 shrink-0"
        />
        {onRemove ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${name.toLowerCase()}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden />
          </Button>
        ) : null}
      </div>
      {q.moment ? (
        onPlay ? (
          <Button
            variant="link"
            size="sm"
            className="self-start"
            title="Play the moment of the video that answers it"
            onClick={() => q.moment && onPlay(q.moment)}
          >
            <Play aria-hidden /> Play {momentRange(q.moment)}
          </Button>
        ) : (
          <p className="text-xs text-muted">Answered at {momentRange(q.moment)}</p>
        )
      ) : null}
      <ul className="flex flex-col gap-2" aria-label={`${name} options`}>
        {q.options.map((o, j) => (
          <li key={o.key} className="flex items-center gap-2">
            <input
              type={q.kind === 'single' ? 'radio' : 'checkbox'}
              name={`correct-${q.key}`}
              checked={o.correct}
              onChange={() => onChange(toggleCorrect(q, o.key))}
              aria-label={`Option ${j + 1} is correct`}
              className="size-4 accent-[var(--accent)]"
            />
            <input
              value={o.text}
              maxLength={QUIZ_LIMITS.text}
              onChange={(e) =>
                onChange({
                  ...q,
                  options: q.options.map((x) =>
                    x.key === o.key ? { ...x, text: e.target.value } : x,
                  ),
                })
              }
              aria-label={`${name}, option ${j + 1}`}
              placeholder={`Option ${j + 1}`}
              className="h-8 min-w-0 flex-1 rounded-control border border-border-strong bg-surface px-2 text-sm text-fg focus-visible:border-accent focus-visible:outline-none"
            />
            {q.options.length > 2 ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Remove option ${j + 1}`}
                onClick={() =>
                  onChange({ ...q, options: q.options.filter((x) => x.key !== o.key) })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {q.options.length < QUIZ_LIMITS.options ? (
        <Button
          variant="link"
          size="sm"
          className="self-start"
          onClick={() => onChange({ ...q, options: [...q.options, newOption()] })}
        >
          <Plus aria-hidden /> Add option
        </Button>
      ) : null}
    </fieldset>
  );
}

interface Props {
  video: (Pick<CoachingItem, 'title' | 'video'> & { meetingId: string }) | null;
  onClose(): void;
}

/** Who drafted the questions, for the line under the Generate button. */
const draftedBy = (d: QuizDraft) =>
  `${d.questions.length} ${d.questions.length === 1 ? 'question' : 'questions'} drafted by ${
    d.provider === 'local' ? 'the built-in engine' : d.model
  }. Check each one against its moment before saving.`;

/**
 * An author writes a video's quiz: questions, their options and which are correct. Zai can
 * draft questions from the video's transcript, each with the moment that answers it, which
 * plays in the preview above the questions; the author edits them before saving.
 */
export function QuizEditorDialog({ video, onClose }: Props) {
  const [title, setTitle] = useState('');
  const [questions, setQuestions] = useState<QuestionDraft[]>(() => [newQuestion()]);
  const [error, setError] = useState<string | null>(null);
  const [drafted, setDrafted] = useState<string | null>(null);
  const { create } = useQuizChanges();
  const generation = useQuizGeneration();
  const preview = useRef<HTMLVideoElement>(null);
  // The moment being played: the preview pauses at its end, or forgets it once moved away.
  const playing = useRef<{ start: number; end: number } | null>(null);
  const problem = quizProblem(title, questions);
  const busy = create.isPending || generation.isPending;
  const source = video?.video?.storageLink ?? null;
  const showPreview = source !== null && questions.some((q) => q.moment);

  const close = () => {
    setTitle('');
    setQuestions([newQuestion()]);
    setError(null);
    setDrafted(null);
    generation.reset();
    onClose();
  };
  const generate = async () => {
    if (!video) return;
    setError(null);
    try {
      const draft = await generation.mutateAsync(video.meetingId);
      // Typed questions stay; the drafts take the blank ones' place and follow them.
      setQuestions((qs) => withDrafts(qs, draft.questions));
      setDrafted(draftedBy(draft));
    } catch (e) {
      setError(failureMessage(e, COACHING_MESSAGES.quizDraftFailed));
    }
  };
  const play = (moment: { start: number; end: number }) => {
    const el = preview.current;
    if (!el) return;
    playing.current = moment;
    el.currentTime = moment.start;
    void el.play().catch(() => {
      // Autoplay refused or the source failed: the controls are there to press play.
    });
  };
  const onTimeUpdate = () => {
    const el = preview.current;
    const moment = playing.current;
    if (!el || !moment) return;
    if (el.currentTime < moment.start - 1 || el.currentTime > moment.end + 1) {
      playing.current = null;
    } else if (el.currentTime >= moment.end) {
      el.pause();
      playing.current = null;
    }
  };
  const save = async () => {
    if (!video || problem) return setError(problem);
    try {
      await create.mutateAsync({
        meetingId: video.meetingId,
        ...(title.trim() ? { title: title.trim() } : {}),
        questions: toInput(questions),
      });
      toast({ title: 'Quiz created', description: video.title, variant: 'success' });
      close();
    } catch (e) {
      setError(failureMessage(e, COACHING_MESSAGES.unexpected));
    }
  };

  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && !busy && close()}>
      <DialogContent
        title="Create quiz"
        description={
          video
            ? `On ‘${video.title}’. Write questions or generate them from the video; mark the correct options, learners never see them.`
            : undefined
        }
        size="lg"
      >
        <form
          noValidate
          className="flex min-h-0 flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button
              variant="secondary"
              size="sm"
              loading={generation.isPending}
              disabled={create.isPending || questions.length >= QUIZ_LIMITS.questions}
              onClick={() => void generate()}
            >
              <Sparkles aria-hidden /> Generate questions
            </Button>
            <p
              className="min-w-0 flex-1 text-xs text-muted"
              data-testid="quiz-generated"
              aria-live="polite"
            >
              {generation.isPending
                ? 'Zai is reading the transcript…'
                : (drafted ??
                  'Zai drafts questions from the video’s transcript, each tied to the moment that answers it.')}
            </p>
          </div>
          {showPreview ? (
            <video
              ref={preview}
              src={source}
              poster={video?.video?.imageLink ?? undefined}
              controls
              preload="metadata"
              aria-label="Video preview"
              className="aspect-video max-h-48 w-full rounded-card bg-black object-contain"
              onTimeUpdate={onTimeUpdate}
            />
          ) : null}
          <div className="-mx-1 flex max-h-[60dvh] flex-col gap-3 overflow-y-auto px-1">
            <TextField
              label="Quiz title (optional)"
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              placeholder={video?.title}
            />
            {questions.map((q, i) => (
              <QuestionEditor
                key={q.key}
                index={i}
                q={q}
                onChange={(next) => {
                  setError(null);
                  setQuestions((qs) => qs.map((x) => (x.key === q.key ? next : x)));
                }}
                onRemove={
                  questions.length > 1
                    ? () => setQuestions((qs) => qs.filter((x) => x.key !== q.key))
                    : undefined
                }
                onPlay={source ? play : undefined}
              />
            ))}
            {questions.length < QUIZ_LIMITS.questions ? (
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                onClick={() => setQuestions((qs) => [...qs, newQuestion()])}
              >
                <Plus aria-hidden /> Add question
              </Button>
            ) : null}
          </div>
          {error ? (
            <p role="alert" className="flex items-start gap-1.5 text-sm text-danger">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {error}
            </p>
          ) : problem ? (
            <p className="text-xs text-muted" data-testid="quiz-problem">
              {problem}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={problem !== null || generation.isPending}
            >
              Save quiz
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
