import { describe, expect, it } from 'vitest';
import { verifiedEmail } from './oidc-client.js';
import { createOidcStateSealer, safeReturnTo, type OidcFlowState } from './oidc-state.js';

const flow: OidcFlowState = {
  provider: 'google',
  codeVerifier: 'v'.repeat(43),
  state: 'state-1',
  nonce: 'nonce-1',
  expiresAt: 2_000,
};

describe('the sign-in flow cookie', () => {
  const sealer = createOidcStateSealer('test-secret-test-secret-test-secret-0123');

  it('opens what it sealed until it expires', () => {
    const sealed = sealer.seal(flow);
    expect(sealer.open(sealed, 1_000)).toEqual({ ok: true, flow });
    expect(sealer.open(sealed, 2_000)).toEqual({ ok: false, reason: 'expired' });
    expect(sealer.open(undefined, 1_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a cookie sealed with another secret or changed in any byte', () => {
    const sealed = sealer.seal(flow);
    const other = createOidcStateSealer('another-secret-another-secret-another-1');
    expect(other.open(sealed, 1_000)).toEqual({ ok: false, reason: 'invalid' });
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(sealer.open(bytes.toString('base64url'), 1_000)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(sealer.open('short', 1_000)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('returnTo', () => {
  it('keeps same-site paths only', () => {
    expect(safeReturnTo('/meetings/1?tab=notes')).toBe('/meetings/1?tab=notes');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'x',
      '/a\nb',
      42,
    ]) {
      expect(safeReturnTo(bad)).toBeUndefined();
    }
  });
});

describe('the e-mail a provider vouches for', () => {
  it('takes the email claim unless it is marked unverified', () => {
    expect(verifiedEmail('google', { email: ' Ann@Example.COM ', email_verified: true })).toBe(
      'ann@example.com',
    );
    expect(verifiedEmail('google', { email: 'ann@example.com' })).toBe('ann@example.com');
    expect(verifiedEmail('google', { email: 'ann@example.com', email_verified: false })).toBeNull();
    expect(
      verifiedEmail('google', { email: 'ann@example.com', email_verified: 'false' }),
    ).toBeNull();
    expect(verifiedEmail('google', { email: 'not-an-address' })).toBeNull();
  });

  it('falls back to the sign-in name for Microsoft only, when it is an address', () => {
    const upn = { preferred_username: 'ann@contoso.example' };
    expect(verifiedEmail('microsoft', upn)).toBe('ann@contoso.example');
    expect(verifiedEmail('google', upn)).toBeNull();
    expect(verifiedEmail('microsoft', { preferred_username: 'ann' })).toBeNull();
  });
});
