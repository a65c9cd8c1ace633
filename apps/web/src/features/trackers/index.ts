// The trackers feature's face: keyword trackers, their management page, their marks on the
// meeting page (seek-bar ticks, transcript marks) and their counts over time.
export { useMeetingTrackerHits, useTrackers, useWeeklyTrackerCounts } from './api';
export { trackerMarks, trackerTicks, type TrackerTick, type TranscriptMark } from './model';
export { TrackerChart } from './TrackerChart';
