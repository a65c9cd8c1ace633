// The CRM module's face: other modules import only this file.
export { createCrmModule, type CrmModule, type CrmNeeds } from './module.js';
export { crmImportJob, crmNoteJob } from './jobs.js';
export type { CrmService } from './service.js';
