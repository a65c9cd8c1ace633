// The auth module's face: other modules import only this file.
export { createAuthModule, type AuthNeeds } from './module.js';
export type { AuthService } from './service.js';
