import type { MockLevel } from '@parley/contracts';

export { QUESTION_BANK } from './question-bank-roles.js';

/**
 * The built-in engine's question bank (the seeded roles' questions are in
 * question-bank-roles.ts), written for the seeded roles (spec 3 §3) at each level:
 * Easy asks what and how, Medium asks for trade-offs and a concrete story, Hard asks for
 * judgement under ambiguity and scale. Each entry: the question, what it probes (the topic),
 * and lower-case keywords that make it a better pick when the skills or job description name
 * them. The seed module stores them; the super admin's own roles use the templates below.
 */
export type BankEntry = readonly [text: string, topic: string, keywords: readonly string[]];

/** Questions any role gets, by level; they fill in when the role's own bank runs short. */
export const GENERAL_QUESTIONS: Record<MockLevel, readonly BankEntry[]> = {
  Easy: [
    ['Tell me about yourself and what brings you to this role.', 'introduction', []],
    ['What are you proudest of in your last job?', 'motivation', []],
    ['How do you keep learning in your field?', 'growth', []],
    ['Describe how you like to work with a team.', 'collaboration', []],
  ],
  Medium: [
    ['Tell me about a time you had to learn something new very quickly.', 'behavioural', []],
    ['Describe a conflict with a colleague and how you resolved it.', 'behavioural', []],
    [
      'Tell me about a project that missed its deadline. What was your part in it?',
      'behavioural',
      [],
    ],
    ['What feedback have you received that changed how you work?', 'behavioural', []],
  ],
  Hard: [
    [
      'Tell me about the hardest decision you made at work with incomplete information.',
      'behavioural',
      [],
    ],
    [
      'Describe a time you changed the direction of a team or a project.',
      'leadership',
      ['leadership'],
    ],
    [
      'When have you been wrong in a way that mattered, and what did you do next?',
      'behavioural',
      [],
    ],
    ['What would your last manager say is the one thing you should improve?', 'self-awareness', []],
  ],
};

/** For roles without a bank of their own (added by the super admin): `{role}` is filled in. */
export const ROLE_TEMPLATES: Record<MockLevel, readonly BankEntry[]> = {
  Easy: [
    ['What does a good day look like for a {role}?', 'role', []],
    ['Which tools do you use most as a {role}, and why those?', 'role', []],
    ['What drew you to working as a {role}?', 'role', []],
    ['Who do you work with most closely as a {role}, and how?', 'role', []],
  ],
  Medium: [
    ['Tell me about the most difficult problem you solved as a {role}.', 'role', []],
    ['How do you measure whether you are doing well as a {role}?', 'role', []],
    ['Tell me about a time your work as a {role} was questioned. How did you respond?', 'role', []],
    ['How do you decide what to work on first as a {role}?', 'role', []],
  ],
  Hard: [
    ['What would you change in the first 90 days as our new {role}?', 'role', []],
    ['What is a common mistake people make as a {role}, and how do you avoid it?', 'role', []],
    ['How would you raise the bar for every {role} on the team?', 'role', []],
    ['Describe the hardest trade-off you made as a {role} and what it cost.', 'role', []],
  ],
};

/** Tailored to a skill from the resume or the form: `{skill}` is filled in. */
export const SKILL_TEMPLATES: Record<MockLevel, readonly string[]> = {
  Easy: ['Your resume mentions {skill}. Tell me about a project where you used it.'],
  Medium: ['What is a limitation of {skill} you ran into, and how did you work around it?'],
  Hard: [
    'If you had to teach {skill} to a new team in a month, what would you cover and in what order?',
  ],
};

/** Tailored to the company chosen: `{company}` is filled in. */
export const COMPANY_TEMPLATE =
  'Why do you want to work at {company}, and what would you bring in your first year?';
