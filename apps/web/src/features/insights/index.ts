// The insights feature's face: the Zai results of a meeting (HR, Zai and action-item panels)
// and the realtime events that fill them prompt by prompt.
export {
  INSIGHT_EVENT_NAMES,
  applyInsightEvent,
  findItem,
  insightKeys,
  useMeetingInsights,
} from './api';
export { ActionItemsPanel } from './ActionItemsPanel';
export { CandidateAnalysis } from './CandidateAnalysis';
export { ZaiInsightsPanel } from './ZaiInsightsPanel';
export { MomentLinks, withSpeakerNames } from './MomentLink';
