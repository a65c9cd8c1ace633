import { useQuery } from '@tanstack/react-query';
import {
  videoSignalsRoutes,
  isFeatureAvailable,
  type FeatureName,
  type Meeting,
  type RouteResponse,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';

type Kind = Exclude<
  keyof typeof videoSignalsRoutes,
  'startPhysiology' | 'physiologyStatus' | 'physiologyStatusAlias'
>;
export type InferenceData<K extends Kind> = RouteResponse<(typeof videoSignalsRoutes)[K]>;

export const videoKeys = {
  kind: (id: string, kind: Kind) => ['analysis', id, 'video', kind] as const,
};

export function useHasFeature(feature: FeatureName): boolean {
  const { user } = useAuth();
  return Boolean(user && isFeatureAvailable(user, feature));
}

/**
 * One inference kind of a processed meeting; not asked for without its feature (the server
 * would refuse it), so a locked card shows its skeleton under the lock.
 */
export function useInference<K extends Kind>(
  meeting: Pick<Meeting, 'id' | 'inferenceStatus'>,
  kind: K,
) {
  // Every inference GET has the same call shape; one contract type keeps the call generic.
  const route = videoSignalsRoutes[kind] as unknown as typeof videoSignalsRoutes.race;
  const allowed = useHasFeature(route.feature ?? 'Base');
  const meetingId = meeting.id;
  return useQuery({
    queryKey: videoKeys.kind(meetingId, kind),
    queryFn: ({ signal }) =>
      api(route, { params: { meetingId }, signal, toast: false }) as unknown as Promise<
        InferenceData<K>
      >,
    enabled: meeting.inferenceStatus === 'processed' && allowed,
  });
}
