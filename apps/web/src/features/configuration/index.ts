// The configuration feature's face: the tabs every configuration page shows.
export { ConfigurationTabs } from './ConfigurationTabs';
