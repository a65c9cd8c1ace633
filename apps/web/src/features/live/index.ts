// The live feature's face: the room's live meeting page places these.
export { LiveTranscriptPanel } from './LiveTranscriptPanel';
export { LiveCards } from './LiveCards';
export { LiveMeetingPanels } from './LiveMeetingPanels';
export { useLiveMeeting, liveKeys, type LiveMeeting } from './use-live-meeting';
export { LivePhysiologyCapture } from './LivePhysiologyCapture';
export { useLivePhysiology, type LivePhysiology } from './use-live-physiology';
export { LivePhysiologyRuns } from './LivePhysiologyRuns';
