import type { ConversationSignals, TranscriptLine } from '../types.js';
import { findActionItems } from './action-items.js';
import { answerQuestion } from './answer.js';
import { bullet, type TaskOutput } from './output.js';
import { scoreRubric } from './rubric.js';
import { salesStageMoments } from './sales.js';
import { scoredOutput } from './scoring.js';
import { citeSentence, sentencesOf, type Sentence } from './sentences.js';
import { focusSpeaker, measureSignals } from './signals.js';
import { scoreBias, scoreCharisma } from './style.js';
import { summarize } from './summary.js';
import type { LocalTask } from './tasks.js';
import { keyQuestions, meetingNotes } from './topics.js';

export interface TaskInput {
  lines: TranscriptLine[];
  sentences: Sentence[];
  signals?: ConversationSignals;
  focusSpeaker?: string;
}

export function taskInput(
  lines: TranscriptLine[],
  signals?: ConversationSignals,
  focusSpeaker?: string,
): TaskInput {
  return { lines, sentences: sentencesOf(lines), signals, focusSpeaker };
}

export function summaryOutput(input: TaskInput, heading: string): TaskOutput {
  const picked = summarize(input.sentences);
  if (picked.length === 0) {
    return {
      text: 'The transcript is empty: there is nothing to summarize.',
      json: { sentences: [] },
      citations: [],
    };
  }
  return {
    text: [heading, ...picked.map(bullet)].join('\n'),
    json: { summary: picked.map((s) => s.text).join(' '), sentences: picked.map(citeSentence) },
    citations: picked.map(citeSentence),
  };
}

export function actionItemsOutput(input: TaskInput): TaskOutput {
  const items = findActionItems(input.sentences);
  if (items.length === 0) {
    return {
      text: 'No action items were found in this meeting.',
      json: { items: [] },
      citations: [],
    };
  }
  return {
    text: items.map((it) => it.text).join('\n'),
    json: {
      items: items.map((it) => ({
        owner: it.owner,
        action: it.action,
        due: it.due,
        text: it.text,
        start: it.citation.start,
      })),
    },
    citations: items.map((it) => it.citation),
  };
}

const EMPTY: TaskOutput = {
  text: 'The transcript is empty: there is nothing to score.',
  json: { score: 0, insights: [], tags: [] },
  citations: [],
};

/** Runs one task on the grounding. */
export function runTask(task: LocalTask, input: TaskInput): TaskOutput {
  switch (task.kind) {
    case 'answer':
      return answerQuestion(task.question, input.sentences);
    case 'action-items':
      return actionItemsOutput(input);
    case 'summary':
      return summaryOutput(
        input,
        'Summary (the most central sentences of the meeting, in time order):',
      );
    case 'questions':
      return keyQuestions(input.sentences);
    case 'notes':
      return meetingNotes(input.sentences);
    case 'sales-stage':
      return salesStageMoments(task.stage, input.sentences);
    case 'rubric':
    case 'charisma':
    case 'bias': {
      if (input.lines.length === 0) return EMPTY;
      const measured = measureSignals(input.lines, input.signals);
      const speaker = focusSpeaker(measured, input.focusSpeaker);
      if (task.kind === 'bias') return scoredOutput(scoreBias(input.lines, measured));
      if (task.kind === 'charisma')
        return scoredOutput(scoreCharisma(input.lines, measured, speaker ?? ''));
      return scoredOutput(scoreRubric(task.category, input.lines, measured, speaker));
    }
    case 'unknown': {
      const out = summaryOutput(
        input,
        'Summary of the meeting instead (the most central sentences, in time order):',
      );
      return {
        ...out,
        text: `The built-in engine could not follow this instruction; it can summarize, list action items, key questions and notes, score rubrics and answer questions.\n${out.text}`,
        json: { ...out.json, unsupportedInstruction: true },
      };
    }
  }
}
