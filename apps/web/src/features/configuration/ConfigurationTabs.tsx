import { Link } from 'react-router';
import { Bot, Cpu, FileText, SlidersHorizontal, UserRound } from 'lucide-react';
import { useAuth } from '../../lib/auth-store';
import { canManageIntegrations } from '../integrations';
import { cn } from '../../lib/cn';

const TABS = [
  { id: 'profile', label: 'Profile', to: '/configuration', icon: UserRound, staff: false },
  {
    id: 'ai',
    label: 'AI providers',
    to: '/app-integrations#ai-providers',
    icon: Bot,
    staff: false,
  },
  { id: 'prompts', label: 'Prompts', to: '/configuration/prompts', icon: FileText, staff: true },
  { id: 'models', label: 'Models', to: '/configuration/models', icon: Cpu, staff: true },
  {
    id: 'parameters',
    label: 'Parameters',
    to: '/parameters',
    icon: SlidersHorizontal,
    staff: true,
    superAdmin: true,
  },
] as const;

export type ConfigurationTab = (typeof TABS)[number]['id'];

/** Profile | AI providers | Prompts: links styled as tabs, so each part keeps its own URL. */
export function ConfigurationTabs({ current }: { current: ConfigurationTab }) {
  const role = useAuth().user?.role;
  const staff = canManageIntegrations(role);
  return (
    <nav
      aria-label="Configuration"
      className="flex items-center gap-1 overflow-x-auto border-b border-border"
    >
      {TABS.filter(
        (t) => (staff || !t.staff) && (role === 'superadmin' || !('superAdmin' in t)),
      ).map(({ id, label, to, icon: Icon }) => (
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
      ))}
    </nav>
  );
}
