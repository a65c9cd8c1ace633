import { CalendarDays } from 'lucide-react';
import { Section } from '../../ui';

const LATER = [
  {
    icon: CalendarDays,
    title: 'Calendars',
    names: 'Google Calendar, Microsoft Outlook',
    when: 'Coming with calendar scheduling.',
  },
] as const;

/** The other kinds of integration, listed honestly rather than as buttons that do nothing. */
export function ComingLater() {
  return (
    <Section
      title="Coming later"
      description="These connections are not available yet; they arrive with the areas that use them."
    >
      <ul className="divide-y divide-border rounded-card border border-border bg-surface">
        {LATER.map(({ icon: Icon, title, names, when }) => (
          <li key={title} className="flex items-start gap-3 px-4 py-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-subtle" aria-hidden />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-3">
              <span className="text-sm font-medium text-fg sm:w-36 sm:shrink-0">{title}</span>
              <span className="text-sm text-muted sm:flex-1">{names}</span>
              <span className="text-xs text-subtle">{when}</span>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
