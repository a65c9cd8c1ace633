// The scorecards feature's face: the interview page's Scorecard tab and the compare page's link.
export { ScorecardTab } from './ScorecardTab';
export { canCompare, compareUrl, scorecardKeys } from './api';
export { momentUrl } from './CandidateColumn';
