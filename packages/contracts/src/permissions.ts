import { z } from 'zod';
import type { Role } from './roles.js';

/**
 * What a role may do, as data (spec 3 §3 Endpoint, §6). Every authenticated route names the one
 * permission it needs in its contract; a role is a set of these. Which rows a caller sees (their
 * organisation, their meetings) is the repositories' business, not a permission.
 */
export const PERMISSIONS = [
  'profile.own',
  'meetings.read',
  'meetings.upload',
  'meetings.manage',
  'meetings.organization',
  'zai.use',
  'interviews.manage',
  'coaching.learn',
  'coaching.manage',
  'coaching.team',
  'sales.read',
  'sales.manage',
  'sales.team',
  'prompts.manage',
  'trackers.manage',
  'integrations.manage',
  'users.read',
  'users.manage',
  'groups.manage',
  'roles.manage',
  'logs.read',
  'organization.manage',
  'billing.manage',
  'platform.manage',
] as const;
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

/** What each permission allows, as the roles editor and the endpoint catalogue show it. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'profile.own': 'Use the app: their own profile, settings, consent and activity',
  'meetings.read': 'See meetings shared with them or their own, with their analysis',
  'meetings.upload': 'Upload and create meetings',
  'meetings.manage': 'Edit, re-analyze, share and delete meetings',
  'meetings.organization': 'See and manage every meeting of the organization',
  'zai.use': 'Ask Zai and run prompts',
  'interviews.manage':
    'Run hiring: jobs and interview kits, candidates, rounds and status, invitations, scorecards',
  'coaching.learn': 'Watch coaching content, take quizzes and assessments, record their progress',
  'coaching.manage': 'Add and delete the organization’s coaching content and quizzes',
  'coaching.team': 'See the team’s coaching progress',
  'sales.read': 'See accounts and deals, their own sales calls, and link their meetings to a deal',
  'sales.manage': 'Create, change and delete accounts, deals and deal contacts',
  'sales.team': 'See the team’s sales calls, performance by stage and deal amounts',
  'prompts.manage': 'Use the prompt workbench: run, compare and save prompts',
  'trackers.manage':
    'Define the organization’s keyword trackers (what every transcript is counted for)',
  'integrations.manage': 'Connect storage, AI providers and other integrations',
  'users.read': 'See the organization’s users and groups',
  'users.manage': 'Invite, edit, deactivate and delete users',
  'groups.manage': 'Create, rename, deactivate and delete groups',
  'roles.manage': 'Create and change custom roles',
  'logs.read': 'Read the organization’s user logs',
  'organization.manage': 'Change the organization’s profile and logo',
  'billing.manage': 'Choose plans and spend credits by hand',
  'platform.manage': 'Run the platform: every organization, parameters, models, endpoints',
};

/**
 * What every account holds, whatever its role: without it nobody could load their own session
 * (auth/me), so a custom role cannot take it away (permissionsOf adds it).
 */
export const BASELINE_PERMISSIONS: readonly Permission[] = ['profile.own'];

/**
 * Held only by the platform's super admin: a custom role never grants it, since it crosses
 * organisations (permissionsOf drops it).
 */
export const PLATFORM_PERMISSIONS: readonly Permission[] = ['platform.manage'];

const MEMBER: readonly Permission[] = [
  ...BASELINE_PERMISSIONS,
  'meetings.read',
  'meetings.upload',
  'meetings.manage',
  'zai.use',
];

/** The six default roles (spec 3 §3): not stored, not deletable, the same in every organisation. */
export const DEFAULT_ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  superadmin: PERMISSIONS,
  poc: PERMISSIONS.filter((p) => !PLATFORM_PERMISSIONS.includes(p)),
  // The hiring team is made of users; sales roles and job seekers do not run hiring.
  user: [...MEMBER, 'interviews.manage'],
  // Coaching and deals are the sales team's (spec 1 §2: only their menus, the poc's and the
  // super admin's have them); the manager follows the team's progress, runs the deals and
  // decides what the team listens for (keyword trackers); a rep reads the deals and links
  // their own calls.
  salesManager: [
    ...MEMBER,
    'users.read',
    'coaching.learn',
    'coaching.team',
    'sales.read',
    'sales.manage',
    'sales.team',
    'trackers.manage',
  ],
  salesRep: [...MEMBER, 'coaching.learn', 'sales.read'],
  talentPoolUser: MEMBER,
};

/**
 * A caller's permissions: a custom role's own set when they hold one, else their default
 * role's. The platform's super admin keeps every permission whatever custom role they hold;
 * nobody else gets 'platform.manage', and everybody keeps the baseline.
 */
export function permissionsOf(
  role: Role,
  customPermissions: readonly Permission[] | null,
): readonly Permission[] {
  if (role === 'superadmin' || customPermissions === null) return DEFAULT_ROLE_PERMISSIONS[role];
  const granted = customPermissions.filter(
    (p) => !PLATFORM_PERMISSIONS.includes(p) && !BASELINE_PERMISSIONS.includes(p),
  );
  return [...BASELINE_PERMISSIONS, ...granted];
}

/** Whether a set of permissions allows what a route or a button needs. */
export const allows = (held: readonly Permission[], needed: Permission): boolean =>
  held.includes(needed);
