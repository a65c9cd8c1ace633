// The video-signals feature's face (the server's inference module): the live lip-sync feed
// the meeting page hands to its one realtime channel. The VideoSignals cards are not exported:
// the page loads them with import() so the charting library stays out of its first chunk.
export { createLiveLipSyncFeed, useLiveLipSync, type LiveLipSyncFeed } from './live-lip-sync';
