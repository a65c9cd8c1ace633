import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

const base = {
  NODE_ENV: 'test',
  APP_SECRET: 'test-secret-test-secret-test-secret-0123',
  DATA_DIR: '/nonexistent-parley-test',
};

describe('BOT_PROVIDER', () => {
  it('is none unless set, and a provider needs its address, key and webhook secret', () => {
    expect(loadConfig(base).botService).toBeNull();
    expect(() => loadConfig({ ...base, BOT_PROVIDER: 'recall' })).toThrow(
      'BOT_PROVIDER=recall needs BOT_SERVICE_URL, BOT_SERVICE_KEY and BOT_WEBHOOK_SECRET',
    );
    const config = loadConfig({
      ...base,
      BOT_PROVIDER: 'attendee',
      BOT_SERVICE_URL: 'https://attendee.example.com/',
      BOT_SERVICE_KEY: 'k',
      BOT_WEBHOOK_SECRET: 's',
    });
    expect(config.botService).toEqual({
      provider: 'attendee',
      url: 'https://attendee.example.com',
      key: 'k',
      webhookSecret: 's',
    });
    expect(config.botName).toBe('Parley Notetaker');
    expect(() => loadConfig({ ...base, BOT_PROVIDER: 'zoom' })).toThrow(/BOT_PROVIDER/);
  });
});
