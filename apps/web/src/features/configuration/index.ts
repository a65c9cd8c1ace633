// The configuration feature's face: the frame (header and tabs) every configuration page shows.
export { ConfigurationFrame } from './ConfigurationFrame';
export { CONFIGURATION_TABS } from './ConfigurationTabs';
