// The integrations feature's face: storage and AI-provider connections as other features see
// them.
export { CLOUD_NAMES, canManageIntegrations, connectedClouds, integrationKeys } from './model';
