// The meetings feature's face (ARCHITECTURE §2): the meeting list and record, their words,
// adding meetings from storage or a link, and the meeting page's header and status.
export { applyStatusEvent, meetingKeys, useDeleteMeeting, useMeeting, useMeetingList } from './api';
export { STAGE_LABELS, STATUS_LABELS, meetingSeconds, type MeetingStage } from './model';
export { DeleteMeetingDialog } from './DeleteMeetingDialog';
export { LiveStatusChip, StatusChip, useLiveStatus } from './StatusChip';
export { FromLinkDialog } from './add/FromLinkDialog';
export { FromStorageDialog } from './add/FromStorageDialog';
export { BulkDeleteDialog } from './library/BulkDeleteDialog';
export { CARD_SORT_OPTIONS, MeetingCard, meetingColumns, meetingLabel } from './library/columns';
export { FilterBar } from './library/FilterBar';
export { categoriesFor, categoryFromSlug, categoryOf, type Category } from './library/categories';
export { useMeetingListState, type TableFilters } from './library/list-state';
export { DetailsPanel } from './meeting/DetailsPanel';
export { MeetingHeader, MeetingTitle } from './meeting/MeetingHeader';
export { StatusBanner } from './meeting/StatusBanner';
export { MediaNoticeBanner } from './meeting/MediaNoticeBanner';
