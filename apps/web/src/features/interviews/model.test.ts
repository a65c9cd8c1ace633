import { describe, expect, it } from 'vitest';
import { bodyOf, draftIsSet, draftProblem, emptyInterviewDraft } from './InterviewFields';
import { failedRows } from './model';

describe('bulk results', () => {
  it('name the failed rows as the list shows them, else by the server’s name', () => {
    const result = {
      message: '1 invitation sent',
      succeeded: ['a'],
      failed: [
        { meetingId: 'b', meetingName: 'b.mp4', reason: 'The interview has no candidate e-mail' },
        { meetingId: 'c', meetingName: 'round-2.mp4', reason: 'Meeting not found' },
        { meetingId: 'd', meetingName: null, reason: 'Meeting not found' },
      ],
    };
    expect(failedRows(result, new Map([['b', 'Blair Bewerber']]))).toBe(
      'Blair Bewerber: The interview has no candidate e-mail; round-2: Meeting not found; A meeting: Meeting not found',
    );
  });
});

describe('interview fields', () => {
  it('need an e-mail with a name, and a valid one', () => {
    expect(draftIsSet(emptyInterviewDraft)).toBe(false);
    expect(draftProblem({ ...emptyInterviewDraft, candidateName: 'Ann' })).toBe(
      'Give the candidate’s e-mail',
    );
    expect(draftProblem({ ...emptyInterviewDraft, candidateEmail: 'ann@' })).toBe(
      'Enter a valid e-mail',
    );
    const ok = { jobId: '', candidateName: ' Ann ', candidateEmail: 'ann@example.com ', round: 2 };
    expect(draftProblem(ok)).toBeNull();
    expect(bodyOf(ok)).toEqual({
      jobId: null,
      candidateName: 'Ann',
      candidateEmail: 'ann@example.com',
      round: 2,
    });
  });
});
