// The biometrics feature's face: the meeting page's participant verification card.
export { BiometricCard } from './BiometricCard';
// Live physiology draws the same face guide over the call's video and reads the face's box.
export { FaceGuideOverlay } from './FaceGuide';
export { useFaceDetector, type FaceDetection } from './use-face-detector';
export type { FaceBox } from './face-guide';
export { useMeetingParticipants } from './api';
