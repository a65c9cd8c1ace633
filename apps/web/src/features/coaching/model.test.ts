import { describe, expect, it } from 'vitest';
import type { CoachingItem } from '@parley/contracts';
import {
  draftIsComplete,
  embedUrlOf,
  emptyDraft,
  groupByStage,
  linkProblem,
  tabOf,
  videoFileProblem,
  WRONG_VIDEO_MESSAGE,
} from './model';
import { createProgressReporter, type ProgressSample } from './progress-reporter';

const SLIDES = 'https://docs.google.com/presentation/d/1AbCdEfGhIjKlMnOp/edit?usp=sharing';
const DOC = 'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOp/edit';
const PDF = 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing';

describe('the upload dialog’s checks (spec 1 §5)', () => {
  it('gives each type its own invalid-link message, and none for an empty field', () => {
    expect(linkProblem('ppt', DOC)).toBe('Please enter a valid Google Presentation URL.');
    expect(linkProblem('doc', SLIDES)).toBe('Please enter a valid Google Document URL.');
    expect(linkProblem('pdf', 'https://example.com/file/d/1AbCdEfGhIjKlMnOp/view')).toBe(
      'Please enter a valid Google PDF URL.',
    );
    expect(linkProblem('ppt', SLIDES)).toBeNull();
    expect(linkProblem('doc', DOC)).toBeNull();
    expect(linkProblem('pdf', PDF)).toBeNull();
    expect(linkProblem('pdf', '  ')).toBeNull();
  });

  it('takes only videos of the four types, up to 1 GB', () => {
    expect(videoFileProblem(null)).toBe('Please select a video to upload.');
    expect(videoFileProblem({ name: 'call.mp3', size: 10 })).toBe(WRONG_VIDEO_MESSAGE);
    expect(videoFileProblem({ name: 'call.MOV', size: 1024 ** 3 + 1 })).toBe(
      'File exceeds 1 GB. Please upload a smaller file.',
    );
    for (const name of ['a.mp4', 'a.mov', 'a.mkv', 'a.m4v'])
      expect(videoFileProblem({ name, size: 1024 ** 3 })).toBeNull();
  });

  it('enables Create only when everything required is there', () => {
    const video = { name: 'intro.mp4', size: 1000 };
    expect(draftIsComplete(emptyDraft)).toBe(false);
    expect(draftIsComplete({ ...emptyDraft, title: 'Intro', type: 'video' })).toBe(false);
    expect(draftIsComplete({ ...emptyDraft, title: 'Intro', type: 'video', file: video })).toBe(
      true,
    );
    // Only the prospecting stage takes videos for now.
    expect(
      draftIsComplete({
        ...emptyDraft,
        title: 'Intro',
        type: 'video',
        file: video,
        stage: 'discovery_stage',
      }),
    ).toBe(false);
    expect(draftIsComplete({ ...emptyDraft, title: ' ', type: 'ppt', url: SLIDES })).toBe(false);
    expect(draftIsComplete({ ...emptyDraft, title: 'Deck', type: 'ppt', url: DOC })).toBe(false);
    expect(draftIsComplete({ ...emptyDraft, title: 'Deck', type: 'ppt', url: SLIDES })).toBe(true);
  });
});

describe('embedded viewer addresses', () => {
  it('turns editor and view links into embeddable ones', () => {
    expect(embedUrlOf('ppt', SLIDES)).toBe(
      'https://docs.google.com/presentation/d/1AbCdEfGhIjKlMnOp/embed',
    );
    expect(embedUrlOf('doc', DOC)).toBe(
      'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOp/preview',
    );
    expect(embedUrlOf('pdf', PDF)).toBe(
      'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/preview',
    );
    expect(embedUrlOf('doc', 'https://docs.google.com/document/d/e/2PACX-1vRabcdefghij/pub')).toBe(
      'https://docs.google.com/document/d/e/2PACX-1vRabcdefghij/pub?embedded=true',
    );
    expect(embedUrlOf('ppt', 'https://evil.example/presentation/d/1AbCdEfGhIjKlMnOp')).toBeNull();
  });
});

describe('tabs and stages', () => {
  it('reads the tab from the address, Training by default', () => {
    expect(tabOf('quizzes')).toBe('quizzes');
    expect(tabOf(null)).toBe('training');
    expect(tabOf('nope')).toBe('training');
  });

  it('groups a tab’s items by stage in the stages’ order', () => {
    const item = (id: string, stage: CoachingItem['stage'], type: CoachingItem['type']) =>
      ({ id, stage, type }) as CoachingItem;
    const groups = groupByStage(
      [
        item('a', 'discovery_stage', 'doc'),
        item('b', 'prospecting_stage', 'pdf'),
        item('c', 'prospecting_stage', 'video'),
        item('d', 'basic_meeting', 'doc'),
      ],
      ['doc', 'pdf'],
    );
    expect(groups.map((g) => [g.stage, g.items.map((i) => i.id)])).toEqual([
      ['basic_meeting', ['d']],
      ['prospecting_stage', ['b']],
      ['discovery_stage', ['a']],
    ]);
  });
});

describe('progress reports (spec 1 §7: at most every 10 s and on leave)', () => {
  function setup() {
    let t = 0;
    const sent: [ProgressSample, boolean][] = [];
    const reporter = createProgressReporter(
      (s, leaving) => sent.push([s, leaving]),
      () => t,
    );
    return { reporter, sent, at: (ms: number) => (t = ms) };
  }

  it('sends at most one report per 10 s while playing, in whole seconds', () => {
    const { reporter, sent, at } = setup();
    for (let ms = 0; ms <= 25_000; ms += 100) {
      at(ms);
      reporter.update({ position: ms / 1000 + 0.5, total: 60 });
    }
    // The first half second floors to 0, which waits for the player to have moved.
    expect(sent.map(([s]) => s.position)).toEqual([1, 11, 21]);
    expect(sent.every(([, leaving]) => !leaving)).toBe(true);
  });

  it('sends the last position on leave, once', () => {
    const { reporter, sent, at } = setup();
    at(0);
    reporter.update({ position: 3.2, total: 60 });
    at(4000);
    reporter.update({ position: 7.9, total: 60 });
    reporter.flush();
    reporter.flush();
    expect(sent).toEqual([
      [{ position: 3, total: 60 }, false],
      [{ position: 7, total: 60 }, true],
    ]);
  });

  it('reports the end as the whole length, at once', () => {
    const { reporter, sent, at } = setup();
    at(0);
    reporter.update({ position: 45.2, total: 48.38 });
    at(2000);
    // The last time update can fall a little short of the length.
    reporter.update({ position: 48.3, total: 48.38 });
    expect(sent.map(([s]) => s.position)).toEqual([45, 48.38]);
  });

  it('does not overwrite the saved position with the 0 the player shows while loading', () => {
    const { reporter, sent, at } = setup();
    at(0);
    reporter.update({ position: 0, total: 60 });
    reporter.update({ position: 0, total: Number.NaN });
    reporter.flush();
    expect(sent).toEqual([]);
    // Seeked to the resume point: that is where the user is.
    at(100);
    reporter.update({ position: 42.4, total: 60 });
    expect(sent).toEqual([[{ position: 42, total: 60 }, false]]);
  });
});
