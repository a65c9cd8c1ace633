import { useId } from 'react';
import { RadioGroup } from 'radix-ui';
import { Building, UserRound, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

export type AccountType = 'team' | 'individual';

const OPTIONS: { value: AccountType; title: string; description: string; icon: LucideIcon }[] = [
  {
    value: 'team',
    title: 'Team',
    description: 'Analyze meetings and coach your team',
    icon: Building,
  },
  {
    value: 'individual',
    title: 'Individual',
    description: 'Practice mock interviews as a job seeker',
    icon: UserRound,
  },
];

export function AccountTypeChoice({
  value,
  onChange,
}: {
  value: AccountType;
  onChange(v: AccountType): void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-fg">
        Account type
      </span>
      <RadioGroup.Root
        aria-labelledby={`${id}-label`}
        value={value}
        onValueChange={(v) => onChange(v as AccountType)}
        className="grid grid-cols-2 gap-2"
      >
        {OPTIONS.map((o) => (
          <RadioGroup.Item
            key={o.value}
            value={o.value}
            aria-labelledby={`${id}-${o.value}`}
            aria-describedby={`${id}-${o.value}-d`}
            className={cn(
              'flex flex-col items-start gap-1 rounded-card border border-border-strong bg-surface p-3 text-left shadow-sm',
              'transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              'data-[state=checked]:border-accent data-[state=checked]:bg-accent-soft data-[state=checked]:ring-1 data-[state=checked]:ring-accent',
            )}
          >
            <o.icon className="size-4 text-accent-text" aria-hidden />
            <span id={`${id}-${o.value}`} className="text-sm font-medium text-fg">
              {o.title}
            </span>
            <span id={`${id}-${o.value}-d`} className="text-xs text-muted">
              {o.description}
            </span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
