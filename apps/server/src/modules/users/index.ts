// The users module's face: other modules import only this file.
export { createUsersModule, type UsersNeeds } from './module.js';
export type { UsersService } from './service.js';
