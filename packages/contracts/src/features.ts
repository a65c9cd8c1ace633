import { z } from 'zod';

/** The fifteen feature names used for gating (spec 1 §3). The spelling 'Truthfullness' is the spec's. */
export const FEATURES = [
  'Base',
  'Zai Intelligence',
  'Biometrics',
  'Focus Analytics',
  'Facial Emotions',
  'Head Pose',
  'Physiology Analytics',
  'Truthfullness',
  'Lip Sync',
  'Avatar',
  'Zai Assistance',
  'HR Workflow',
  'Sales Intelligence',
  'Sales Coaching',
  'Proctoring',
] as const;
export const featureNameSchema = z.enum(FEATURES);
export type FeatureName = z.infer<typeof featureNameSchema>;

/** Code-style aliases that appear in the product for some features. */
export const FEATURE_CODES: Record<string, FeatureName> = {
  ZAI_INTELLIGENCE: 'Zai Intelligence',
};

export const planBundleSchema = z.object({
  id: z.string(),
  name: z.string(),
  features: z.array(z.object({ name: z.string(), description: z.string().nullable().optional() })),
});
export type PlanBundle = z.infer<typeof planBundleSchema>;

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  endDate: z.string().nullable(),
  remainingCredits: z.number(),
  freeMeetingCredits: z.number(),
  currentBundles: z.array(planBundleSchema),
  bundleIds: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

export interface FeatureHolder {
  organization: { isB2C: boolean; isPlatform?: boolean } | null;
  plan: Pick<Plan, 'currentBundles'> | null;
}

/**
 * Spec 1 §6: B2C organisations have every feature, as has the platform's own (the super
 * admin's, which no plan applies to); otherwise a feature is available when a
 * purchased bundle, or a feature inside one, carries the same name. Server and web both call this.
 */
export function isFeatureAvailable(holder: FeatureHolder, feature: FeatureName | string): boolean {
  const name = FEATURE_CODES[feature] ?? feature;
  if (holder.organization?.isB2C || holder.organization?.isPlatform) return true;
  const bundles = holder.plan?.currentBundles ?? [];
  return bundles.some((b) => b.name === name || b.features.some((f) => f.name === name));
}

export const featureAvailabilitySchema = z.array(
  z.object({ name: featureNameSchema, available: z.boolean() }),
);

/** 'No {feature} available' (spec 3 §8): the refusal for a feature outside the plan. */
export function featureUnavailableMessage(feature: string): string {
  return `No ${feature} available`;
}
