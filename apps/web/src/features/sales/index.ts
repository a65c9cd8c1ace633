// The sales feature's face: the /accounts view, a deal's page, its warnings, and the deal picker
// the meeting page and the upload dialog use to link a call to a deal.
export { DealPicker, type PickedDeal } from './DealPicker';
export { DealWarnings, evidenceLines, WARNING_LABELS } from './DealWarnings';
export { MeetingDealField } from './MeetingDealField';
export { linkDeal, useSalesFeature } from './api';
