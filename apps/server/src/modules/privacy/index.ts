// The privacy module's face: other modules import only this file.
export { createPrivacyModule, type PrivacyNeeds } from './module.js';
export type { PrivacyService, Redact, RedactedWords } from './service.js';
