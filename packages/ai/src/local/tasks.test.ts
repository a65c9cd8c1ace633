import { describe, expect, it } from 'vitest';
import type { CompletionRequest } from '../types.js';
import { detectTask } from './tasks.js';

const req = (prompt: string, extra: Partial<CompletionRequest> = {}): CompletionRequest => ({
  model: 'parley-local',
  messages: [{ role: 'system', content: prompt }],
  ...extra,
});

describe('detectTask', () => {
  it.each([
    ['Action Items', { kind: 'action-items' }],
    ['List the next steps and who owns them', { kind: 'action-items' }],
    ['Summarize the meeting in five bullets', { kind: 'summary' }],
    [
      "Rate the candidate's technical skills from 0 to 100 with insights and tags",
      { kind: 'rubric', category: 'technical' },
    ],
    ['Communication Score', { kind: 'rubric', category: 'communication' }],
    ['Evaluate behavioural traits', { kind: 'rubric', category: 'behavioral' }],
    ['Alerts: red flags in this interview, scored', { kind: 'rubric', category: 'alerts' }],
    ['How charismatic is the speaker? Charisma analysis', { kind: 'charisma' }],
    ['Detect bias in the interviewer questions', { kind: 'bias' }],
    ['What were the key questions asked?', { kind: 'questions' }],
    ['Write meeting notes by topic', { kind: 'notes' }],
    [
      'Sales call, discovery stage: what pain points did the buyer mention?',
      { kind: 'sales-stage', stage: 'discovery' },
    ],
    ['Translate the meeting into French', { kind: 'unknown' }],
  ])('%s', (prompt, task) => {
    expect(detectTask(req(prompt))).toEqual(task);
  });

  it.each([
    ['Summarise this meeting', 'summary'],
    ['Summarize the call.', 'summary'],
    ['Please summarise this meeting briefly', 'summary'],
    ['Can you give me a short summary of this meeting?', 'summary'],
    ['What was the meeting about?', 'summary'],
    ['What are the action items?', 'action-items'],
    ['Next steps', 'action-items'],
  ])('runs the task an assistant question asks for: %s', (question, kind) => {
    expect(
      detectTask(req('Answer the question', { grounding: { transcript: [], question } })),
    ).toEqual({ kind });
  });

  it('answers a question whatever the prompt says when the assistant asks one', () => {
    expect(
      detectTask(req('Summarize', { grounding: { transcript: [], question: 'Who joined?' } })),
    ).toEqual({
      kind: 'answer',
      question: 'Who joined?',
    });
    // A question about a summary someone gave is a question, not a request for one.
    expect(
      detectTask(
        req('Answer', {
          grounding: { transcript: [], question: 'Who gave the summary of the budget?' },
        }),
      ),
    ).toEqual({ kind: 'answer', question: 'Who gave the summary of the budget?' });
  });
});
