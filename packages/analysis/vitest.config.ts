import { defineConfig } from 'vitest/config';

// Tests run real ffmpeg, Silero and pocketsphinx on the recordings in /fixtures, so they
// need more than the default 5 s per test; the whole project still finishes in well under 30 s.
export default defineConfig({
  test: { name: 'analysis', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
