import {
  BUILT_IN_MODEL,
  PROMPT_DEFAULTS,
  type PromptAccess,
  type PromptCreateBody,
  type PromptRunBody,
  type StoredPrompt,
} from '@parley/contracts';

/** The workbench's form (spec 3 §3 settings and defaults). */
export interface PromptDraft {
  /** The saved prompt being edited; null for a new one. */
  id: string | null;
  promptName: string;
  promptText: string;
  access: PromptAccess;
  tags: string[];
  meetingId: string;
  model1: string;
  model2: string;
  maxTokens: number;
  temperature: number;
  topP: number;
  topK: number;
  frequencyPenalty: number;
  presencePenalty: number;
}

export const NUMERIC_SETTINGS = [
  { key: 'maxTokens', label: 'Max tokens', min: 1, max: 32000, step: 1 },
  { key: 'temperature', label: 'Temperature', min: 0, max: 2, step: 0.01 },
  { key: 'topP', label: 'Top P', min: 0, max: 1, step: 0.01 },
  { key: 'topK', label: 'Top K', min: 0, max: 500, step: 1 },
  { key: 'frequencyPenalty', label: 'Frequency penalty', min: -2, max: 2, step: 0.01 },
  { key: 'presencePenalty', label: 'Presence penalty', min: -2, max: 2, step: 0.01 },
] as const;
export type NumericSetting = (typeof NUMERIC_SETTINGS)[number]['key'];

export const newDraft = (): PromptDraft => ({
  id: null,
  promptName: PROMPT_DEFAULTS.promptName,
  promptText: '',
  access: PROMPT_DEFAULTS.access,
  tags: [],
  meetingId: '',
  model1: PROMPT_DEFAULTS.model,
  model2: PROMPT_DEFAULTS.model,
  maxTokens: PROMPT_DEFAULTS.maxTokens,
  temperature: PROMPT_DEFAULTS.temperature,
  topP: PROMPT_DEFAULTS.topP,
  topK: PROMPT_DEFAULTS.topK,
  frequencyPenalty: PROMPT_DEFAULTS.frequencyPenalty,
  presencePenalty: PROMPT_DEFAULTS.presencePenalty,
});

/**
 * A new prompt's slots hold the spec's default model (gpt-3.5-turbo); where the organisation
 * has not connected its provider, a slot gets the built-in engine instead, so the first run
 * works out of the box rather than failing on a provider nobody set up.
 */
export function withRunnableModels(
  draft: PromptDraft,
  models: readonly { model: string; connected: boolean }[],
): PromptDraft {
  const runnable = (name: string) =>
    name === BUILT_IN_MODEL || models.some((m) => m.model === name && m.connected);
  return {
    ...draft,
    model1: runnable(draft.model1) ? draft.model1 : BUILT_IN_MODEL,
    model2: runnable(draft.model2) ? draft.model2 : BUILT_IN_MODEL,
  };
}

export function draftFrom(p: StoredPrompt): PromptDraft {
  const d = newDraft();
  const model2 = p.additionalDetails.model2;
  return {
    ...d,
    id: p.id,
    promptName: p.promptName,
    promptText: p.prompt,
    access: p.access,
    tags: p.tags,
    meetingId: p.meetingId,
    model1: p.model,
    model2: typeof model2 === 'string' ? model2 : p.model,
    maxTokens: p.maxOutputToken ?? d.maxTokens,
    temperature: p.temperature ?? d.temperature,
    topP: p.topP ?? d.topP,
    topK: p.topK ?? d.topK,
    frequencyPenalty: p.frequencyPenalty ?? d.frequencyPenalty,
    presencePenalty: p.presencePenalty ?? d.presencePenalty,
  };
}

export const settingsOf = (d: PromptDraft) => ({
  maxOutputToken: d.maxTokens,
  temperature: d.temperature,
  topP: d.topP,
  topK: d.topK,
  frequencyPenalty: d.frequencyPenalty,
  presencePenalty: d.presencePenalty,
});

export const runBody = (d: PromptDraft, model: string): PromptRunBody => ({
  promptText: d.promptText,
  meetingId: d.meetingId,
  model,
  ...settingsOf(d),
});

export const saveBody = (
  d: PromptDraft,
  extra: { meetingCode: string; result: string },
): PromptCreateBody => ({
  prompt: d.promptText,
  promptName: d.promptName.trim() || PROMPT_DEFAULTS.promptName,
  meetingId: d.meetingId,
  meetingCode: extra.meetingCode,
  featureId: 'zai',
  model: d.model1,
  access: d.access,
  result: extra.result,
  bundleId: '',
  index: 0,
  tags: d.tags,
  additionalDetails: { model2: d.model2 },
  ...settingsOf(d),
});
