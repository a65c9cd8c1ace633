import { describe, expect, it } from 'vitest';
import { FEATURES, isFeatureAvailable, type FeatureHolder, type PlanBundle } from './features.js';

const bundle = (name: string, features: string[] = []): PlanBundle => ({
  id: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  features: features.map((f) => ({ name: f, description: null })),
});
const holder = (isB2C: boolean, bundles: PlanBundle[] | null): FeatureHolder => ({
  organization: { isB2C },
  plan: bundles === null ? null : { currentBundles: bundles },
});

describe('isFeatureAvailable', () => {
  it('gives a B2C organisation every feature, with or without a plan', () => {
    for (const feature of FEATURES) {
      expect(isFeatureAvailable(holder(true, null), feature)).toBe(true);
      expect(isFeatureAvailable(holder(true, []), feature)).toBe(true);
    }
    expect(isFeatureAvailable(holder(true, null), 'ZAI_INTELLIGENCE')).toBe(true);
  });

  it('matches a purchased bundle by name', () => {
    const h = holder(false, [bundle('Proctoring')]);
    expect(isFeatureAvailable(h, 'Proctoring')).toBe(true);
    expect(isFeatureAvailable(h, 'Biometrics')).toBe(false);
  });

  it('matches a feature inside a purchased bundle', () => {
    const h = holder(false, [
      bundle('Essentials', ['Base', 'Zai Intelligence']),
      bundle('Sales Suite', ['Sales Coaching']),
    ]);
    expect(isFeatureAvailable(h, 'Base')).toBe(true);
    expect(isFeatureAvailable(h, 'Sales Coaching')).toBe(true);
    expect(isFeatureAvailable(h, 'Head Pose')).toBe(false);
  });

  it('reads the ZAI_INTELLIGENCE code as Zai Intelligence', () => {
    expect(
      isFeatureAvailable(
        holder(false, [bundle('Essentials', ['Zai Intelligence'])]),
        'ZAI_INTELLIGENCE',
      ),
    ).toBe(true);
    expect(
      isFeatureAvailable(holder(false, [bundle('Zai Intelligence')]), 'ZAI_INTELLIGENCE'),
    ).toBe(true);
    expect(
      isFeatureAvailable(holder(false, [bundle('Essentials', ['Base'])]), 'ZAI_INTELLIGENCE'),
    ).toBe(false);
  });

  it('gives nothing to an organisation without a plan or with an empty one', () => {
    for (const feature of FEATURES) {
      expect(isFeatureAvailable(holder(false, null), feature)).toBe(false);
      expect(isFeatureAvailable(holder(false, []), feature)).toBe(false);
      expect(isFeatureAvailable({ organization: null, plan: null }, feature)).toBe(false);
    }
  });

  it('matches names exactly', () => {
    const h = holder(false, [bundle('Essentials', ['Base'])]);
    expect(isFeatureAvailable(h, 'base')).toBe(false);
    expect(isFeatureAvailable(h, 'Essentials ')).toBe(false);
  });
});
