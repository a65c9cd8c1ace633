// The transcripts feature's face: the meeting page's Transcript tab and the panel the public
// view shows.
export { blocksFromUnknown } from './model';
export { TranscriptPanel } from './TranscriptPanel';
export { TranscriptTab } from './TranscriptTab';
export type { TranscriptMoment } from './selection';
