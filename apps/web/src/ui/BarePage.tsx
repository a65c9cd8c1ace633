import type { LucideIcon } from 'lucide-react';
import { EmptyState } from './EmptyState';
import { LogoMark } from './Logo';

/** A page outside every shell (public and participant routes) that is not built yet. */
export function BarePage({
  title,
  icon,
  summary,
}: {
  title: string;
  icon: LucideIcon;
  summary: string;
}) {
  return (
    <div className="min-h-dvh bg-bg px-4 py-10">
      <main className="mx-auto flex w-full max-w-2xl flex-col gap-8">
        <LogoMark />
        <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
        <EmptyState icon={icon} title="Nothing here yet" description={summary} />
      </main>
    </div>
  );
}
