import { describe, expect, it } from 'vitest';
import { BUILT_IN_MODEL, PROMPT_DEFAULTS } from '@parley/contracts';
import { newDraft, withRunnableModels } from './draft';

describe('a new prompt’s models', () => {
  it('are the built-in engine where the default model’s provider is not connected', () => {
    const d = withRunnableModels(newDraft(), [
      { model: PROMPT_DEFAULTS.model, connected: false },
      { model: BUILT_IN_MODEL, connected: true },
    ]);
    expect([d.model1, d.model2]).toEqual([BUILT_IN_MODEL, BUILT_IN_MODEL]);
  });

  it('keep the spec’s default once its provider is connected, and any runnable choice', () => {
    const connected = [
      { model: PROMPT_DEFAULTS.model, connected: true },
      { model: 'claude-3-5-haiku-latest', connected: false },
    ];
    expect(withRunnableModels(newDraft(), connected).model1).toBe(PROMPT_DEFAULTS.model);
    const chosen = withRunnableModels(
      { ...newDraft(), model1: BUILT_IN_MODEL, model2: 'claude-3-5-haiku-latest' },
      connected,
    );
    expect([chosen.model1, chosen.model2]).toEqual([BUILT_IN_MODEL, BUILT_IN_MODEL]);
  });
});
