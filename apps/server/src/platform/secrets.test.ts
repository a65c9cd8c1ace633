import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretOpenError } from './secrets.js';

const box = createSecretBox('test-secret-test-secret-test-secret-0123');
const value = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCY' };

/** Flips one bit of the base64url field `index` of a sealed value. */
function flip(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[index] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box', () => {
  it('round-trips JSON and never shows the plain text', () => {
    const sealed = box.seal(value, 'org-1:aws');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('wJalrXUtnFEMI');
    expect(sealed).not.toContain(Buffer.from('wJalrXUtnFEMI').toString('base64url'));
    expect(box.open(sealed, 'org-1:aws')).toEqual(value);
  });

  it('seals the same value differently each time (random IV)', () => {
    expect(box.seal(value)).not.toBe(box.seal(value));
  });

  it('detects tampering with the ciphertext, tag or IV', () => {
    const sealed = box.seal(value);
    for (const index of [1, 2, 3]) {
      expect(() => box.open(flip(sealed, index))).toThrow(SecretOpenError);
    }
  });

  it('does not open under another key or another context', () => {
    const sealed = box.seal(value, 'org-1:aws');
    const other = createSecretBox('another-secret-another-secret-another-0');
    expect(() => other.open(sealed, 'org-1:aws')).toThrow(SecretOpenError);
    expect(() => box.open(sealed, 'org-2:aws')).toThrow(SecretOpenError);
  });

  it('refuses unknown formats and versions', () => {
    const sealed = box.seal(value);
    expect(() => box.open(sealed.replace(/^v1/, 'v9'))).toThrow(/unknown format/);
    expect(() => box.open('not-sealed')).toThrow(/unknown format/);
    expect(() => box.open('v1.AAAA.BBBB.CCCC')).toThrow(/unknown format/);
  });
});

describe('rotation (APP_SECRET_PREVIOUS)', () => {
  const next = 'next-secret-next-secret-next-secret-4567';
  const old = box.seal(value, 'org-1:aws');

  it('opens values sealed under the previous secret and seals only under the current one', () => {
    const rotating = createSecretBox(next, ['test-secret-test-secret-test-secret-0123']);
    expect(rotating.open(old, 'org-1:aws')).toEqual(value);
    const fresh = rotating.seal(value, 'org-1:aws');
    expect(createSecretBox(next).open(fresh, 'org-1:aws')).toEqual(value);
    expect(() => box.open(fresh, 'org-1:aws')).toThrow(SecretOpenError);
  });

  it('reseals under the current secret, keeping the context binding', () => {
    const rotating = createSecretBox(next, ['test-secret-test-secret-test-secret-0123']);
    const resealed = rotating.reseal(old, 'org-1:aws');
    expect(createSecretBox(next).open(resealed, 'org-1:aws')).toEqual(value);
    expect(() => createSecretBox(next).open(resealed, 'org-2:aws')).toThrow(SecretOpenError);
    expect(() => createSecretBox(next).open(old, 'org-1:aws')).toThrow(SecretOpenError);
  });
});
