/** App configuration (spec 1 §3): product name, support address and example address placeholder. */
export const APP_CONFIG = {
  productName: 'Parley',
  supportEmail: 'support@parley.local',
  emailPlaceholder: 'name@company.com',
} as const;

/** Keys this app keeps in the browser's storage. */
export const STORAGE_KEYS = {
  userId: 'parley.userId',
  theme: 'parley.theme',
  pendingAuth: 'parley.pendingAuth',
  chunkReload: 'parley.chunkReload',
  navCollapsed: 'parley.navCollapsed',
} as const;

/** Wide-layout breakpoint (spec 1 §9). Tailwind's `lg` is the same 1024 px. */
export const WIDE_BREAKPOINT_PX = 1024;
/** Session check interval while signed in. */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
