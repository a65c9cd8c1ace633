import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * @google/genai's client calls the global fetch and, unlike the OpenAI and Anthropic SDKs,
 * takes no other. To give its calls the configured fetch anyway, the global fetch is wrapped
 * (once, and again if someone replaced it since): inside `withFetch(f, run)`, and in everything
 * `run` starts asynchronously, it is `f`; everywhere else it is what it was before.
 */
const current = new AsyncLocalStorage<typeof fetch>();
let wrapper: typeof fetch | undefined;

export function withFetch<T>(f: typeof fetch | undefined, run: () => T): T {
  if (!f) return run();
  if (globalThis.fetch !== wrapper) {
    const previous = globalThis.fetch;
    const wrapped: typeof fetch = (input, init) => {
      const scoped = current.getStore();
      // Outside the scope while it runs: a fetch built on the global one must reach `previous`.
      return scoped ? current.exit(() => scoped(input, init)) : previous(input, init);
    };
    wrapper = wrapped;
    globalThis.fetch = wrapped;
  }
  return current.run(f, run);
}
