// The organizations module's face: other modules import only this file.
export { createOrganizationsModule, type OrganizationsNeeds } from './module.js';
export type { OrganizationsService } from './service.js';
export { organizationSummary } from './summary.js';
export { organizationDeletionJob, removeUnder } from './deletion.js';
export { invitationMail } from './invite-mail.js';
