import { describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig } from './config.js';

const base = { APP_SECRET: 'config-test-secret-config-test-secret-0123', DATA_DIR: '/nonexistent' };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });
const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' };

describe('sign-in code delivery at start (issue 21 item 2)', () => {
  it('has no dev outbox unless DEV_OUTBOX=true', () => {
    expect(load({}).devOutbox).toBe(false);
    expect(load({ HOST: '127.0.0.1' }).devOutbox).toBe(false);
    expect(load({ HOST: '127.0.0.1', DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
  });

  it('refuses DEV_OUTBOX=true with a non-loopback HOST, saying why', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'parley.example.com']) {
      expect(() => load({ HOST, DEV_OUTBOX: 'true' }), HOST).toThrow(
        `DEV_OUTBOX=true needs a loopback HOST (127.0.0.1), not ${HOST}`,
      );
    }
    // The default HOST (0.0.0.0) counts too.
    expect(() => load({ DEV_OUTBOX: 'true' })).toThrow(/loopback HOST/);
  });

  it('refuses production without SMTP_URL, and DEV_OUTBOX in production', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(
      'SMTP_URL is required when NODE_ENV=production',
    );
    expect(() => load({ ...production, HOST: '127.0.0.1', DEV_OUTBOX: 'true' })).toThrow(
      'DEV_OUTBOX=true is not allowed when NODE_ENV=production',
    );
    expect(load(production).production).toBe(true);
  });

  it('seeds the demo accounts in production only with SEED=true', () => {
    expect(load(production).seedDemo).toBe(false);
    expect(load({ ...production, SEED: 'true' }).seedDemo).toBe(true);
    expect(load({}).seedDemo).toBe(true);
    expect(load({ SEED: 'false' }).seedDemo).toBe(false);
  });

  it('knows loopback hosts', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(h), h).toBe(true);
    }
    for (const h of ['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'localhost.example.com', '']) {
      expect(isLoopbackHost(h), h).toBe(false);
    }
  });
});
