// The trackers module's face: other modules import only this file.
export { createTrackersModule, type TrackersModule, type TrackersNeeds } from './module.js';
export { trackerRecountJob } from './jobs.js';
export type { TrackersService } from './service.js';
export {
  countTrackers,
  sidesOf,
  type CountedWord,
  type Member,
  type VerifiedSpeaker,
} from './count.js';
