import type { LucideIcon } from 'lucide-react';
import {
  Blocks,
  Briefcase,
  Building,
  GraduationCap,
  House,
  Landmark,
  Library,
  MessagesSquare,
  ScrollText,
  Settings,
  SlidersHorizontal,
  Sparkles,
  UserRound,
  Users,
} from 'lucide-react';
import {
  POSITIONS,
  isFeatureAvailable,
  type FeatureHolder,
  type Permission,
  type Role,
  type SessionUser,
} from '@parley/contracts';

export interface NavItem {
  title: string;
  path: string;
  icon: LucideIcon;
  /** One honest line about what the area is for (home cards). */
  description: string;
  /** The permission the area needs: a custom role without it does not see the item. */
  permission?: Permission;
}

const item = (
  title: string,
  path: string,
  icon: LucideIcon,
  description: string,
  permission?: Permission,
): NavItem => ({ title, path, icon, description, ...(permission ? { permission } : {}) });

const HOME = item('Home', '/', House, 'Your overview');
const ORGANIZATIONS = item(
  'Organization Management',
  '/organization-management',
  Building,
  'Organizations on the platform, their plans and members',
  'platform.manage',
);
const ENTERPRISE = item(
  'Enterprise Management',
  '/billing',
  Landmark,
  'Bundles, features, subscriptions and invoices',
  'platform.manage',
);
const APP_INTEGRATIONS = item(
  'App Integrations',
  '/app-integrations',
  Blocks,
  'Connect cloud storage, AI providers, meetings, CRM and calendars',
);
const COACHING = item(
  'Coaching',
  '/coaching',
  GraduationCap,
  'Coaching videos, presentations, documents and quizzes',
);
const USER_MANAGEMENT = item(
  'User Management',
  '/user-management',
  Users,
  'Users, groups and roles',
  'users.read',
);
const USER_LOGS = item('User Logs', '/user-logs', ScrollText, 'Activity across your organization');
const ZAI = item('Zai', '/zai', Sparkles, 'Ask the Zai assistant about your meetings', 'zai.use');
const CONFIGURATION = item(
  'Configuration',
  '/configuration',
  SlidersHorizontal,
  'Your profile and organization settings',
);
const LIBRARY = item(
  'Library',
  '/library',
  Library,
  'Upload meetings and review their analysis',
  'meetings.read',
);
const ACCOUNTS = item('Accounts', '/accounts', Briefcase, 'Accounts, teams and deals');
const INTERVIEWS = item(
  'Interviews',
  '/interviews',
  MessagesSquare,
  'Candidates by round: qualify, invite, score and compare',
  'interviews.manage',
);

/** Spec 1 §2 "Navigation per role" — titles, paths and order exactly as the table. */
export const NAVIGATION = {
  superadmin: [
    HOME,
    ORGANIZATIONS,
    ENTERPRISE,
    APP_INTEGRATIONS,
    COACHING,
    USER_MANAGEMENT,
    USER_LOGS,
    ZAI,
    CONFIGURATION,
  ],
  poc: [
    HOME,
    LIBRARY,
    ACCOUNTS,
    COACHING,
    ZAI,
    APP_INTEGRATIONS,
    USER_MANAGEMENT,
    USER_LOGS,
    CONFIGURATION,
  ],
  user: [HOME, LIBRARY, ZAI, APP_INTEGRATIONS, USER_LOGS, CONFIGURATION],
  salesManager: [
    HOME,
    ACCOUNTS,
    LIBRARY,
    COACHING,
    ZAI,
    APP_INTEGRATIONS,
    USER_LOGS,
    CONFIGURATION,
  ],
  // Spec 1 §2 gives reps no Home; issue 16 gives them a dashboard of their own calls and
  // coaching progress, which they could not reach without it.
  salesRep: [HOME, COACHING, APP_INTEGRATIONS, CONFIGURATION],
  talentPool: [
    item('Home', '/home', House, 'Your overview'),
    item(
      'Mock Interviews',
      '/interviews',
      MessagesSquare,
      'Practice interviews and review how they went',
    ),
    item('Profile', '/profile', UserRound, 'Your resume, experience and public profile'),
    item('Settings', '/settings', Settings, 'Your account, plan and preferences'),
  ],
} as const satisfies Record<string, readonly NavItem[]>;

export type NavigationKind = keyof typeof NAVIGATION;

/**
 * Which menu a user gets: super admin first, then poc, then the secondary role or position
 * (sales manager, sales rep, talent pool), otherwise the plain user menu.
 */
export function navigationKind(user: { role: Role; position: string | null }): NavigationKind {
  const { role, position } = user;
  if (role === 'superadmin') return 'superadmin';
  if (role === 'poc') return 'poc';
  if (role === 'salesManager' || position === POSITIONS.salesManager) return 'salesManager';
  if (role === 'salesRep' || position === POSITIONS.salesRep) return 'salesRep';
  if (role === 'talentPoolUser' || position === POSITIONS.b2cUser) return 'talentPool';
  return 'user';
}

/**
 * The user's menu: their kind of account's list, less the areas their role may not use. The
 * hiring list (issue 13) is in no menu of spec 1's table: organisations whose plan has HR
 * Workflow get it after Library, so the people who run hiring can find it.
 */
export function navigationFor(
  user: Pick<SessionUser, 'role' | 'position' | 'permissions'> & Partial<FeatureHolder>,
): readonly NavItem[] {
  const kind = navigationKind(user);
  const hiring =
    (kind === 'poc' || kind === 'user') &&
    isFeatureAvailable(
      { organization: user.organization ?? null, plan: user.plan ?? null },
      'HR Workflow',
    );
  const items: readonly NavItem[] = hiring
    ? NAVIGATION[kind].flatMap((i: NavItem) => (i === LIBRARY ? [i, INTERVIEWS] : [i]))
    : NAVIGATION[kind];
  return items.filter((i) => !i.permission || user.permissions.includes(i.permission));
}

/** Detail pages reachable from a list (spec 1 §2 route guard). */
export const DETAIL_PATTERNS: readonly RegExp[] = [
  /^\/library\/[^/]+$/,
  // Search across every conversation, opened from the library's search box.
  /^\/search$/,
  /^\/interviews\/[^/]+$/,
  // Taking a mock interview (issue 19 item 5), from the seeker's list.
  /^\/mock-interviews\/[^/]+\/run$/,
  // Its feedback (item 6), from the end of the interview and the list.
  /^\/mock-interviews\/[^/]+\/feedback$/,
  /^\/organization-management\/[^/]+$/,
  /^\/configuration\/prompts$/,
  // Models, parameters and thresholds (spec 3 §2): /parameters is in no role's navigation
  // (spec 1 §2 redirects it), so the Configuration area shows the models table here.
  /^\/configuration\/models$/,
  // A deal (issue 16): from /accounts, and from a meeting page for the reps, who have no
  // /accounts in their menu but read the deals their calls are linked to.
  /^\/accounts\/deals\/[^/]+$/,
  // Keyword trackers (issue 16 item 4), a tab of the Configuration area.
  /^\/configuration\/trackers$/,
  // The AI providers tab of the Configuration area (also a section of /app-integrations).
  /^\/configuration\/ai-providers$/,
  // Avatars and voices (issue 19), a tab of the Configuration area.
  /^\/configuration\/avatars$/,
  // The talent pool's companies and roles (issue 19), a tab of the Configuration area.
  /^\/configuration\/talent-pool$/,
];

/**
 * Pages in no navigation list that one kind of user still reaches from the Configuration tabs:
 * /parameters holds platform parameters and thresholds, the super admin's (spec 3 §2, §6).
 */
export const EXTRA_PAGES: Partial<Record<NavigationKind, readonly string[]>> = {
  superadmin: ['/parameters'],
  // The HR interviews list (issue 13): in the menu only with HR Workflow (navigationFor); without
  // it the page shows the plan's upgrade card rather than sending the user away.
  poc: ['/interviews'],
  user: ['/interviews'],
  // A job seeker's mock interviews (issue 19): the list under its spec name too, and set-up.
  talentPool: ['/mock-interviews', '/mock-interviews/new'],
};

export function isExtraPage(
  pathname: string,
  user: Pick<SessionUser, 'role' | 'position'>,
): boolean {
  return EXTRA_PAGES[navigationKind(user)]?.includes(normalizePath(pathname)) ?? false;
}

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function isDetailPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return DETAIL_PATTERNS.some((re) => re.test(path));
}

export function isInNavigation(pathname: string, nav: readonly NavItem[]): boolean {
  const path = normalizePath(pathname);
  return nav.some((i) => i.path === path);
}

/** Whether the route guard lets this user open the path (their menu, a detail page, an extra page). */
export function isReachable(
  pathname: string,
  user: Pick<SessionUser, 'role' | 'position' | 'permissions'> & Partial<FeatureHolder>,
): boolean {
  return (
    isInNavigation(pathname, navigationFor(user)) ||
    isDetailPath(pathname) ||
    isExtraPage(pathname, user)
  );
}

/** Is this nav item the current page (or the list a detail page belongs to)? */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  const path = normalizePath(pathname);
  if (itemPath === '/') return path === '/';
  return path === itemPath || path.startsWith(`${itemPath}/`);
}

/** Profile link of the user menu: /settings for the B2C position, /configuration for everyone else. */
export function profilePathFor(user: Pick<SessionUser, 'position'>): string {
  return user.position === POSITIONS.b2cUser ? '/settings' : '/configuration';
}
