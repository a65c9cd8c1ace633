import type { InsightGroup, MeetingStage } from '@parley/contracts';

/**
 * The default Zai prompts (ARCHITECTURE §4 step 6), named exactly as the page and the spec
 * name them. `output` decides the answer's shape: 'score' asks for JSON {score, insights,
 * tags}, 'lines' for one item per line. Every prompt asks the model to end each statement with
 * the [HH:MM:SS] time it rests on; those times become the citations the page seeks to.
 *
 * The texts avoid each other's key words on purpose: the built-in engine picks its task from
 * the instruction text (the Charisma prompt does not mention action items, and so on).
 */
export interface InsightPrompt {
  name: string;
  group: InsightGroup;
  output: 'score' | 'lines';
  instructions: string;
}

const CITE = 'End every item with the [HH:MM:SS] time of the moment in the transcript it rests on.';

const scored = (name: string, instructions: string): InsightPrompt => ({
  name,
  group: 'hr',
  output: 'score',
  instructions:
    `${instructions} Give a score from 0 to 100, three to five short insights and up to five ` +
    `one- or two-word tags. ${CITE}`,
});

export const HR_PROMPTS: readonly InsightPrompt[] = [
  scored(
    'Alerts',
    'Evaluate the interview for alerts and red flags: evasive or contradictory answers, ' +
      'unprofessional remarks, claims that do not hold together. 100 means no concerns at all.',
  ),
  scored(
    'Technical',
    'Evaluate the candidate’s technical expertise in the domains discussed: depth, accuracy ' +
      'and concrete examples of their work.',
  ),
  scored(
    'Communication',
    'Evaluate the candidate’s communication: clarity, structure, listening and how well ideas ' +
      'are articulated.',
  ),
  scored(
    'Behavioral',
    'Evaluate the candidate’s behavioral competencies: ownership, teamwork, handling conflict ' +
      'and professionalism, from the situations they describe.',
  ),
];

export const MEETING_PROMPTS: readonly InsightPrompt[] = [
  {
    name: 'Action Items',
    group: 'meeting',
    output: 'lines',
    instructions:
      'List the action items agreed in this meeting, one per line: who will do what, and by ' +
      'when if it was said. Refer to people by their speaker label. ' +
      CITE,
  },
  {
    name: 'Summary',
    group: 'meeting',
    output: 'lines',
    instructions:
      'Write a short overview of what was discussed and decided, three to five sentences, one ' +
      'per line. ' +
      CITE,
  },
  {
    name: 'Meeting Notes',
    group: 'meeting',
    output: 'lines',
    instructions:
      'Write meeting notes: the topics covered, in the order they came up, one line each with ' +
      'the main point made. ' +
      CITE,
  },
  {
    name: 'Key Questions',
    group: 'meeting',
    output: 'lines',
    instructions:
      'List the key questions asked in the meeting, one per line, each with who asked it. ' + CITE,
  },
  {
    name: 'Charisma',
    group: 'meeting',
    output: 'score',
    instructions:
      'Rate the charisma of the main speaker: confidence, warmth, energy and presence. Give a ' +
      'score from 0 to 100, three short insights and up to five tags. ' +
      CITE,
  },
  {
    name: 'Bias',
    group: 'meeting',
    output: 'score',
    instructions:
      'Look for bias in what was said: leading phrasing, assumptions about people or groups, ' +
      'one-sided framing, one voice dominating. Give a score from 0 to 100 where 100 means ' +
      'no bias was found, up to five short findings and up to five tags. ' +
      CITE,
  },
];

const sales = (name: string, stage: string, instructions: string): InsightPrompt => ({
  name,
  group: 'sales',
  output: 'lines',
  instructions: `This is a sales call at the ${stage} stage of the deal. ${instructions} ${CITE}`,
});

/** Sales prompts per meeting stage (spec 2 §3 stages); a basic meeting has none. */
export const SALES_PROMPTS: Readonly<Record<MeetingStage, readonly InsightPrompt[]>> = {
  basic_meeting: [],
  prospecting_stage: [
    sales(
      'Customer Intent',
      'prospecting',
      'What is the customer trying to achieve, and how strong is their interest? One point per line.',
    ),
    sales(
      'Questions to Ask',
      'prospecting',
      'What should the seller ask the customer on the next call to qualify the opportunity? One per line.',
    ),
  ],
  qualification_stage: [
    sales(
      'Purchase Confidence',
      'qualification',
      'How likely is the customer to buy: budget, authority, need and timing as the customer stated them. One point per line.',
    ),
    sales(
      'Probe Questions',
      'qualification',
      'Which customer statements are vague and need probing, and what to ask about each? One per line.',
    ),
  ],
  discovery_stage: [
    sales(
      'Customer Intent',
      'discovery',
      'What problems does the customer need solved, in their own words? One point per line.',
    ),
    sales(
      'Intended Features',
      'discovery',
      'Which product capabilities did the customer ask for or react to? One per line.',
    ),
    sales(
      'Probe Questions',
      'discovery',
      'Which customer needs are still unclear, and what to ask to uncover them? One per line.',
    ),
  ],
  solution_presentation_stage: [
    sales(
      'Intended Features',
      'presentation',
      'Which parts of the presented solution did the customer care about most? One per line.',
    ),
    sales(
      'Tone and Sentiment',
      'presentation',
      'How did the customer respond to the presentation: enthusiasm, doubts, objections? One point per line.',
    ),
    sales(
      'Questions to Ask',
      'presentation',
      'What should the seller ask to confirm fit before the proposal? One per line.',
    ),
  ],
  negotiation_close_stage: [
    sales(
      'Purchase Confidence',
      'negotiation',
      'How close is the deal to closing: commitments, remaining objections, decision makers. One point per line.',
    ),
    sales(
      'Tone and Sentiment',
      'negotiation',
      'How did the customer sound about price and terms: firm, flexible, hesitant? One point per line.',
    ),
  ],
};

/** Every prompt the insights step runs for a meeting of this stage. */
export function promptsForStage(stage: MeetingStage): InsightPrompt[] {
  return [...HR_PROMPTS, ...MEETING_PROMPTS, ...SALES_PROMPTS[stage]];
}

/** Any stage's sales prompt by name (POST sales-prompt), the meeting's own stage first. */
export function salesPromptNamed(name: string, stage: MeetingStage): InsightPrompt | null {
  const own = SALES_PROMPTS[stage].find((p) => p.name === name);
  if (own) return own;
  for (const prompts of Object.values(SALES_PROMPTS)) {
    const found = prompts.find((p) => p.name === name);
    if (found) return found;
  }
  return null;
}

export const promptNamed = (name: string) =>
  [...HR_PROMPTS, ...MEETING_PROMPTS].find((p) => p.name === name) ?? null;
