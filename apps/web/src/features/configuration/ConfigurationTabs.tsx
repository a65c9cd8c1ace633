import { Link } from 'react-router';
import {
  Bot,
  BriefcaseBusiness,
  Cpu,
  FileText,
  SlidersHorizontal,
  Tags,
  UserRound,
  Video,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { Permission } from '@parley/contracts';
import { useAuth } from '../../lib/auth-store';
import { cn } from '../../lib/cn';

/** Each tab with the permission its page's calls need (none: every member). */
export const CONFIGURATION_TABS = [
  { id: 'profile', label: 'Profile', to: '/configuration', icon: UserRound },
  { id: 'ai', label: 'AI providers', to: '/configuration/ai-providers', icon: Bot },
  {
    id: 'prompts',
    label: 'Prompts',
    to: '/configuration/prompts',
    icon: FileText,
    permission: 'prompts.manage',
  },
  {
    id: 'trackers',
    label: 'Trackers',
    to: '/configuration/trackers',
    icon: Tags,
    permission: 'meetings.read',
  },
  {
    id: 'models',
    label: 'Models',
    to: '/configuration/models',
    icon: Cpu,
    permission: 'integrations.manage',
  },
  {
    id: 'avatars',
    label: 'Avatars',
    to: '/configuration/avatars',
    icon: Video,
    permission: 'organization.manage',
  },
  {
    id: 'parameters',
    label: 'Parameters',
    to: '/parameters',
    icon: SlidersHorizontal,
    permission: 'platform.manage',
  },
  {
    id: 'talent-pool',
    label: 'Talent pool',
    to: '/configuration/talent-pool',
    icon: BriefcaseBusiness,
    permission: 'platform.manage',
  },
] as const satisfies readonly {
  id: string;
  label: string;
  to: string;
  icon: LucideIcon;
  permission?: Permission;
}[];

export type ConfigurationTab = (typeof CONFIGURATION_TABS)[number]['id'];

/** Profile | AI providers | Prompts | …: links styled as tabs, so each part keeps its own URL. */
export function ConfigurationTabs({ current }: { current: ConfigurationTab }) {
  const held = useAuth().user?.permissions ?? [];
  return (
    <nav
      aria-label="Configuration"
      className="flex items-center gap-1 overflow-x-auto border-b border-border"
    >
      {CONFIGURATION_TABS.filter((t) => !('permission' in t) || held.includes(t.permission)).map(
        ({ id, label, to, icon: Icon }) => (
          <Link
            key={id}
            to={to}
            aria-current={id === current ? 'page' : undefined}
            className={cn(
              '-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              id === current
                ? 'border-accent text-fg'
                : 'border-transparent text-muted hover:text-fg',
            )}
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </Link>
        ),
      )}
    </nav>
  );
}
