// The avatars feature's face for other features: the animated face, its speaker and the calls
// that make it talk (the mock interview's interviewer uses them).
export { AvatarStage } from './AvatarStage';
export { createSpeaker, type PlayingClip } from './speaker';
export { speakAs, useAvatars } from './api';
