import { defineConfig } from 'vitest/config';

// Adapter tests talk to local HTTP servers that speak each provider's protocol; the built-in
// engine runs on the real transcript in /fixtures.
export default defineConfig({
  test: { name: 'ai', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
