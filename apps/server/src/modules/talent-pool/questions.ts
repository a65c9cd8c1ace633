import type { MockLevel, MockQuestion } from '@parley/contracts';
import { aliasPattern } from './skills-vocabulary.js';
import {
  COMPANY_TEMPLATE,
  GENERAL_QUESTIONS,
  ROLE_TEMPLATES,
  SKILL_TEMPLATES,
  type BankEntry,
} from './question-bank.js';

export interface QuestionInput {
  role: string;
  level: MockLevel;
  company: string;
  /** Chosen on the form: they weigh most. */
  skills: readonly string[];
  /** Read from the resume, when one is used. */
  resumeSkills: readonly string[];
  jobDescription: string;
  count: number;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

/** How much a question suits this person: its keywords among their skills and the job ad. */
function scoreOf(entry: BankEntry, input: QuestionInput): number {
  const chosen = input.skills.map((s) => s.toLowerCase());
  const resume = input.resumeSkills.map((s) => s.toLowerCase());
  return entry[2].reduce((score, keyword) => {
    const pattern = aliasPattern(keyword);
    return (
      score +
      (chosen.includes(keyword) ? 3 : 0) +
      (resume.includes(keyword) ? 1 : 0) +
      (pattern.test(input.jobDescription) ? 2 : 0)
    );
  }, 0);
}

/**
 * The skills to ask about by name: those chosen on the form that the resume or the job ad also
 * mention come first, then the rest of the chosen ones, then resume skills the job ad names.
 */
function focusSkills(input: QuestionInput): string[] {
  const inResume = new Set(input.resumeSkills.map((s) => s.toLowerCase()));
  const inAd = (s: string) => aliasPattern(s.toLowerCase()).test(input.jobDescription);
  const both = input.skills.filter((s) => inResume.has(s.toLowerCase()) || inAd(s));
  const rest = input.skills.filter((s) => !both.includes(s));
  const fromResume = input.resumeSkills.filter(inAd);
  const seen = new Set<string>();
  return [...both, ...rest, ...fromResume].filter((s) => {
    const k = s.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The built-in engine: picks `count` distinct questions from the role's bank for the level
 * and tailors them with the person's skills, the job description and the company; no model.
 * Deterministic: the same set-up gives the same questions, in an interview's order (an
 * opener, the best-suited role questions, a skill question, the company question).
 */
export function builtInQuestions(
  roleBank: readonly BankEntry[],
  input: QuestionInput,
): MockQuestion[] {
  const { level, count } = input;
  const values = { role: input.role.toLowerCase(), company: input.company };
  const ranked = roleBank
    .map((entry, index) => ({ entry, index, score: scoreOf(entry, input) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ entry }) => entry);
  const general = GENERAL_QUESTIONS[level];
  const templates = ROLE_TEMPLATES[level];
  const skillQuestions = focusSkills(input)
    .slice(0, 2)
    .map((skill, i) => {
      const pool = SKILL_TEMPLATES[level];
      const template = pool[i % pool.length] ?? '';
      return { text: fill(template, { skill }), topic: skill, source: 'bank' as const };
    });
  const asQuestion = (e: BankEntry): MockQuestion => ({
    text: fill(e[0], values),
    topic: e[1],
    source: 'bank',
  });

  const opener = general[0] ? [asQuestion(general[0])] : [];
  const tailored: MockQuestion[] = [
    ...skillQuestions.slice(0, count >= 4 ? 1 : 0),
    ...(count >= 5 && input.company
      ? [{ text: fill(COMPANY_TEMPLATE, values), topic: 'company', source: 'bank' as const }]
      : []),
    ...skillQuestions.slice(1, count >= 8 ? 2 : 1),
  ];
  const middle = [
    ...(ranked.length ? ranked : templates).map(asQuestion),
    ...general.slice(1).map(asQuestion),
    ...(ranked.length ? templates.map(asQuestion) : []),
    ...skillQuestions,
  ];
  const chosen: MockQuestion[] = [];
  const seen = new Set<string>();
  const take = (q: MockQuestion) => {
    if (chosen.length < count && !seen.has(q.text)) {
      seen.add(q.text);
      chosen.push(q);
    }
  };
  opener.forEach(take);
  const room = count - chosen.length - tailored.length;
  middle.slice(0, Math.max(0, room)).forEach(take);
  tailored.forEach(take);
  middle.forEach(take);
  return chosen;
}
