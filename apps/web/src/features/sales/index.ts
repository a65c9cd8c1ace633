// The sales feature's face: the /accounts view, a deal's page, and the deal picker the meeting
// page and the upload dialog use to link a call to a deal.
export { DealPicker, type PickedDeal } from './DealPicker';
export { MeetingDealField } from './MeetingDealField';
export { linkDeal, useSalesFeature } from './api';
