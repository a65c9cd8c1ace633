// The users module's face: other modules import only this file.
export { createUsersModule, type UsersNeeds } from './module.js';
export type { UserAccess, UsersService } from './service.js';
export type { NewUser } from './repo.js';
export { salesTeamWhere } from './team.js';
