import { Monitor, Moon, Sun } from 'lucide-react';
import { THEME_CHOICES, type ThemeChoice } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { useTheme } from '../../lib/theme';
import { CardContent } from '../../ui';
import { useChooseTheme } from './api';
import { SettingsCard } from './SettingsCard';

export const THEME_LABEL: Record<ThemeChoice, { label: string; icon: typeof Sun }> = {
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
  system: { label: 'System', icon: Monitor },
};

/** User settings: the theme, kept with the account (the user menu changes the same one). */
export function AppearanceCard() {
  const theme = useTheme();
  const choose = useChooseTheme();
  return (
    <SettingsCard
      title="Appearance"
      description="Saved with your account, so your other devices follow."
    >
      <CardContent>
        <div role="radiogroup" aria-label="Theme" className="grid max-w-md grid-cols-3 gap-2">
          {THEME_CHOICES.map((choice) => {
            const { label, icon: Icon } = THEME_LABEL[choice];
            const selected = choice === theme;
            return (
              <button
                key={choice}
                type="button"
                role="radio"
                aria-checked={selected}
                onClick={() => choose(choice)}
                className={cn(
                  'flex flex-col items-center gap-2 rounded-card border px-3 py-3 text-sm font-medium transition-colors',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  selected
                    ? 'border-accent bg-accent-soft text-accent-soft-fg'
                    : 'border-border bg-surface text-muted hover:bg-surface-2 hover:text-fg',
                )}
              >
                <Icon className="size-5" aria-hidden />
                {label}
              </button>
            );
          })}
        </div>
      </CardContent>
    </SettingsCard>
  );
}
