// The billing feature's face: plan pages are loaded by the routes; others may read the keys
// and show the plan's usage (/configuration).
export { billingKeys } from './api';
export { UsageCard } from './UsageCard';
export { TalentPoolCredits } from './TalentPoolCredits';
