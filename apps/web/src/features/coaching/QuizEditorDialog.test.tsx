import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  COACHING_MESSAGES,
  quizRoutes,
  type CoachingItem,
  type QuizDraft,
} from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer, json } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { QuizEditorDialog } from './QuizEditorDialog';

const VIDEO: Pick<CoachingItem, 'title' | 'video'> & { meetingId: string } = {
  meetingId: 'm1',
  title: 'Opening a cold call',
  video: {
    meetingName: 'cold-call',
    duration: 90,
    inferenceStatus: 'processed',
    storageLink: '/media/cold-call.mp4',
    imageLink: null,
    hasQuiz: false,
  },
};

const DRAFT: QuizDraft = {
  provider: 'local',
  model: 'parley-local',
  questions: [
    {
      text: 'Fill in the missing word: “Start with a clear _____ for calling.”',
      kind: 'single',
      options: [
        { text: 'script', correct: false },
        { text: 'reason', correct: true },
        { text: 'budget', correct: false },
      ],
      moment: { start: 42.4, end: 51.2 },
    },
  ],
};

afterEach(() => {
  cleanup();
  setAuthFailed();
});

describe('the quiz editor’s generated questions', { timeout: 20_000 }, () => {
  it('fills the editor with the drafts, plays their moments and saves them with the quiz', async () => {
    signInWith([]);
    const server = fakeServer().on(quizRoutes.generate, DRAFT).on(quizRoutes.adminCreate, {
      id: 'q',
      meetingId: 'm1',
      title: VIDEO.title,
      isDefault: false,
      questions: [],
    });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    renderWithProviders(<QuizEditorDialog video={VIDEO} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create quiz' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate questions' }));

    const question = await within(dialog).findByDisplayValue(DRAFT.questions[0]!.text);
    expect(question).toBeTruthy();
    expect(within(dialog).getByDisplayValue('reason')).toBeTruthy();
    expect(within(dialog).getByTestId('quiz-generated').textContent).toContain(
      '1 question drafted by the built-in engine',
    );
    // Only the draft: the blank question the editor opened with is gone.
    expect(within(dialog).queryByRole('group', { name: 'Question 2' })).toBeNull();
    expect(server.calls(quizRoutes.generate)).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Play 00:42–00:51' }));
    const preview = within(dialog).getByLabelText<HTMLVideoElement>('Video preview');
    expect(preview.currentTime).toBeCloseTo(42.4);
    expect(play).toHaveBeenCalled();

    fireEvent.change(question, { target: { value: 'Why does a cold call start with a reason?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(server.calls(quizRoutes.adminCreate)).toHaveLength(1));
    const [, init] = server.calls(quizRoutes.adminCreate)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      meetingId: 'm1',
      questions: [
        {
          text: 'Why does a cold call start with a reason?',
          kind: 'single',
          options: DRAFT.questions[0]!.options,
          moment: { start: 42.4, end: 51.2 },
        },
      ],
    });
  });

  it('shows the server’s reason when nothing can be drafted yet', async () => {
    signInWith([]);
    fakeServer().on(quizRoutes.generate, () =>
      json(
        { statusCode: 400, error: 'Bad Request', message: COACHING_MESSAGES.transcriptNotReady },
        400,
      ),
    );
    renderWithProviders(<QuizEditorDialog video={VIDEO} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create quiz' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate questions' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      COACHING_MESSAGES.transcriptNotReady,
    );
    // The editor is left as it was.
    expect(within(dialog).getByRole('group', { name: 'Question 1' })).toBeTruthy();
  });
});
