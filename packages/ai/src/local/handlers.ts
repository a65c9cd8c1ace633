import type { ConversationSignals, TranscriptLine } from '../types.js';
import { findActionItems } from './action-items.js';
import { bullet, type TaskOutput } from './output.js';
import { citeSentence, sentencesOf, type Sentence } from './sentences.js';
import { summarize } from './summary.js';
import type { LocalTask } from './tasks.js';

export interface TaskInput {
  lines: TranscriptLine[];
  sentences: Sentence[];
  signals?: ConversationSignals;
}

export function taskInput(lines: TranscriptLine[], signals?: ConversationSignals): TaskInput {
  return { lines, sentences: sentencesOf(lines), signals };
}

export function summaryOutput(input: TaskInput, heading: string): TaskOutput {
  const picked = summarize(input.sentences);
  if (picked.length === 0) {
    return {
      text: 'The transcript is empty: there is nothing to summarise.',
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

/** Runs one task on the grounding. */
export function runTask(task: LocalTask, input: TaskInput): TaskOutput {
  switch (task.kind) {
    case 'action-items':
      return actionItemsOutput(input);
    case 'summary':
      return summaryOutput(
        input,
        'Summary (the most central sentences of the meeting, in time order):',
      );
    default: {
      const out = summaryOutput(
        input,
        'Summary of the meeting instead (the most central sentences, in time order):',
      );
      return {
        ...out,
        text: `The built-in engine could not follow this instruction; it can summarise, list action items, key questions and notes, score rubrics and answer questions.\n${out.text}`,
        json: { ...out.json, unsupportedInstruction: true },
      };
    }
  }
}
