// The biometrics feature's face: the meeting page's participant verification card.
export { BiometricCard } from './BiometricCard';
