// The profile feature's face: own profile, organisation profile, appearance, theme sync.
export { ProfileCard } from './ProfileCard';
export { OrganizationCard } from './OrganizationCard';
export { AnalysisSettingsCard } from './AnalysisSettingsCard';
export { PrivacyCard } from './PrivacyCard';
export { RetentionCard } from './RetentionCard';
export { AppearanceCard, THEME_LABEL } from './AppearanceCard';
export { useAccountTheme, useChooseTheme } from './api';
