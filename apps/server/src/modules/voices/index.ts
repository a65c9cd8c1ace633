// The voices module's face: other modules import only this file.
export { createVoicesModule, type VoicesModule, type VoicesNeeds } from './module.js';
export type { VoicesService } from './voices-service.js';
export type { AvatarsService } from './avatars-service.js';
export type { Speech, SpeechConnection } from './speech.js';
