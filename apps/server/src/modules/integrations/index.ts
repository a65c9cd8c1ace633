// The integrations module's face: other modules import only this file.
export { createIntegrationsModule, type IntegrationsNeeds } from './module.js';
export type { IntegrationsService } from './service.js';
export type { IntegrationConfigRow, IntegrationConfigs } from './configs.js';
