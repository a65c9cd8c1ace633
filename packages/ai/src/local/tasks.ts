import type { CompletionRequest } from '../types.js';

export type RubricCategory = 'technical' | 'communication' | 'behavioral' | 'alerts';

export type LocalTask =
  | { kind: 'answer'; question: string }
  | { kind: 'action-items' }
  | { kind: 'rubric'; category: RubricCategory }
  | { kind: 'charisma' }
  | { kind: 'bias' }
  | { kind: 'questions' }
  | { kind: 'notes' }
  | { kind: 'sales-stage'; stage: string }
  | { kind: 'summary' }
  | { kind: 'unknown' };

const TIMESTAMPED_LINE = /^\s*\[\d{1,2}:\d{2}(?::\d{2})?\][^\n]*$/gm;

/**
 * The instruction text of a request: every message with the rendered transcript lines taken
 * out, so words spoken in the meeting ("action item", "summary") do not pick the task.
 */
export function instructionText(req: CompletionRequest): string {
  return req.messages
    .map((m) => m.content.replace(TIMESTAMPED_LINE, ''))
    .join('\n')
    .toLowerCase();
}

const SALES_STAGES = [
  'prospecting',
  'discovery',
  'qualification',
  'demo',
  'presentation',
  'proposal',
  'objection',
  'negotiation',
  'closing',
];

/**
 * An assistant question that asks for a whole-meeting task ("Summarise this meeting", "What
 * are the action items?") rather than a fact: searching the transcript for its words would
 * find nothing to quote, so it runs that task instead.
 */
export function taskOfQuestion(question: string): LocalTask | null {
  const q = question
    .toLowerCase()
    .replace(/[?.!]+$/, '')
    .trim();
  const ask = String.raw`^(?:please\s+|can you\s+|could you\s+)?(?:give me\s+|write\s+)?`;
  const meeting = String.raw`(?:\s+(?:of\s+)?(?:this|the|these|our|my)\s+(?:meetings?|calls?|conversations?|interviews?))?`;
  const summary = [
    String.raw`${ask}(?:summari[sz]e|recap|sum up)${meeting}(?:\s+(?:briefly|in brief))?$`,
    String.raw`${ask}(?:an?\s+)?(?:short\s+|brief\s+|quick\s+)?(?:summary|overview|recap|tl;?dr)${meeting}$`,
    String.raw`^what (?:is|was) (?:this|the) (?:meeting|call|conversation) about$`,
  ];
  if (summary.some((p) => new RegExp(p).test(q))) return { kind: 'summary' };
  const actions = String.raw`^(?:what are\s+|list\s+|give me\s+)?(?:the\s+)?(?:action items|next steps|to-?dos|follow[\s-]?ups)${meeting}$`;
  if (new RegExp(actions).test(q)) return { kind: 'action-items' };
  return null;
}

/** Picks the task from the prompt's name and text; the first rule that matches wins. */
export function detectTask(req: CompletionRequest): LocalTask {
  const question = req.grounding?.question?.trim();
  if (question) return taskOfQuestion(question) ?? { kind: 'answer', question };
  const text = instructionText(req);
  if (/action[\s-]?items?|to-?dos?\b|next steps|follow[\s-]?ups?|commitments/.test(text)) {
    return { kind: 'action-items' };
  }
  const scored = /\bscor|\brat(e|ing)\b|rubric|evaluat|assess|0\s*-\s*100|out of (10|100)/.test(
    text,
  );
  const category = rubricCategory(text);
  if (category && (scored || req.jsonSchema)) return { kind: 'rubric', category };
  if (/charisma/.test(text)) return { kind: 'charisma' };
  if (/\bbias/.test(text)) return { kind: 'bias' };
  if (/\b(key|important|main)?\s*questions\b/.test(text) && !/answer the question/.test(text)) {
    return { kind: 'questions' };
  }
  if (/\bnotes\b|minutes|topics|agenda/.test(text)) return { kind: 'notes' };
  const stage = SALES_STAGES.find((s) => text.includes(s));
  if (stage && /sales|stage|prospect|deal|customer|client|buyer|pitch|pain points?/.test(text)) {
    return { kind: 'sales-stage', stage };
  }
  if (/summar|overview|recap|tl;?dr|gist|highlights/.test(text)) return { kind: 'summary' };
  if (category) return { kind: 'rubric', category };
  return { kind: 'unknown' };
}

function rubricCategory(text: string): RubricCategory | null {
  if (/\balerts?\b|red flags?/.test(text)) return 'alerts';
  if (/technical/.test(text)) return 'technical';
  if (/communication/.test(text)) return 'communication';
  if (/behavio/.test(text)) return 'behavioral';
  return null;
}
