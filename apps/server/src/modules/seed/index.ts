// The seed module's face: the demo and platform data a fresh database starts with. It has no
// service or routes; main.ts and the test kits run it before the app is built.
export { seed, type SeededAccount } from './seed.js';
