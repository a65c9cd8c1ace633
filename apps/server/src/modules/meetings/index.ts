// The meetings module's face: other modules import only this file.
export { createMeetingsModule, type MeetingsNeeds, type PublicLinkCheck } from './module.js';
export type { MeetingsService, MeetingRow } from './service.js';
export { ownedObjects } from './service.js';
export { derivedPrefix } from './media-step.js';
export type { MeetingListsService } from './lists.js';
export { seesWholeOrganisation, visibleTo } from './visibility.js';
export { dateRange } from './list-conditions.js';
export { searchTextOf } from './view.js';
export { toMeeting } from './view.js';
export {
  likePattern,
  listConditions,
  orderOf as listOrder,
  type ListQuery,
} from './list-conditions.js';
