import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the built app, served by the real server on a fresh PGlite
 * database, in Debian's Chromium (never a downloaded browser).
 */
const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://localhost:${port}`;
/** The Google stand-in the coaching journey's sharing checks reach (google-stand-in.mjs). */
const googlePort = port + 1;
/** Google Calendar's OAuth and API, and Zoom's token grant, for the calendars journey. */
const calendarPort = port + 5;
const calendarOrigin = `http://127.0.0.1:${calendarPort}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
// Workers load this file again: they must see the same data folder as the server.
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  outputDir: '../test-results',
  webServer: [
    {
      command: `node e2e/google-stand-in.mjs ${googlePort}`,
      cwd: '..',
      url: `http://127.0.0.1:${googlePort}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node e2e/calendar-stand-in.mjs ${calendarPort}`,
      cwd: '..',
      url: `${calendarOrigin}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // What `npm start` serves after setup: HOST unset binds 127.0.0.1 with the dev outbox,
      // where journeys read sign-in codes as the README tells people to.
      command: 'sh scripts/serve.sh',
      cwd: '..',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        // Empty counts as unset for serve.sh, whatever the calling shell exported.
        HOST: '',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Journeys sign the same seeded people in many times; the real limits are API-tested.
        AUTH_CODE_REQUESTS_PER_ADDRESS: '1000',
        AUTH_REQUESTS_PER_IP: '10000',
        // The workbench journey connects an OpenAI-compatible stand-in on 127.0.0.1, which the
        // server refuses by default (no internal addresses for organisations' endpoints).
        ALLOW_PRIVATE_ENDPOINTS: 'true',
        // The sample video's analysis would compete with the journeys' own (samples.test.ts
        // checks the samples).
        SEED_SAMPLES: 'false',
        GOOGLE_DOCS_ORIGIN: `http://127.0.0.1:${googlePort}`,
        GOOGLE_DRIVE_ORIGIN: `http://127.0.0.1:${googlePort}`,
        GOOGLE_CALENDAR_CLIENT_ID: 'e2e-calendar-client',
        GOOGLE_CALENDAR_CLIENT_SECRET: 'e2e-calendar-secret',
        GOOGLE_OAUTH_ORIGIN: calendarOrigin,
        GOOGLE_TOKEN_ORIGIN: calendarOrigin,
        GOOGLE_CALENDAR_API_ORIGIN: calendarOrigin,
        ZOOM_OAUTH_ORIGIN: calendarOrigin,
      },
    },
  ],
});
