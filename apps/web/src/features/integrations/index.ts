// The integrations feature's face: storage and AI-provider connections as other features see
// them (which stores are connected, which models are available).
export { integrationKeys, useAvailableModels, useModelPage } from './api';
export { CLOUD_NAMES, connectedClouds } from './model';
export { ConnectionBadge, IntegrationCard } from './IntegrationCard';
export {
  OAuthConnectionCard,
  OAuthConnectionGrid,
  useOAuthDisconnect,
  useOAuthReturn,
} from './OAuthConnections';
