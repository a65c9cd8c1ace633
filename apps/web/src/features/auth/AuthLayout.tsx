import { Outlet } from 'react-router';
import { Check } from 'lucide-react';
import { APP_CONFIG } from '../../lib/config';
import { Wordmark } from '../../ui';
import { Slideshow } from './Slideshow';

export const TAGLINE = 'Catalyzing Conversational Growth';

const BENEFITS = [
  'Every meeting transcribed, with each speaker told apart',
  'Sentiment, engagement and talk-time signals at a glance',
  'Coaching and quizzes built from real conversations',
  'Ask Zai anything about a call and get answers in seconds',
];

function Copyright({ className }: { className?: string }) {
  return (
    <p className={className}>
      © {new Date().getFullYear()} {APP_CONFIG.productName}. All rights reserved.
    </p>
  );
}

function MarketingPanel() {
  return (
    <aside
      aria-label={`About ${APP_CONFIG.productName}`}
      className="relative hidden overflow-hidden bg-gradient-to-br from-brand-panel via-brand-panel to-brand-panel-2 text-white lg:flex lg:flex-col"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_80%_60%_at_100%_0%,rgb(99_102_241/0.28),transparent_70%),radial-gradient(ellipse_60%_50%_at_0%_100%,rgb(45_212_191/0.10),transparent_70%)]"
      />
      <div className="relative flex flex-1 flex-col px-12 py-10 xl:px-16">
        <Wordmark inverted />
        <div className="flex flex-1 flex-col justify-center gap-10 py-10">
          <Slideshow className="mx-auto w-full max-w-[440px]" />
          <div className="mx-auto flex w-full max-w-[440px] flex-col gap-5">
            <h2 className="text-3xl font-semibold tracking-tight text-balance">{TAGLINE}</h2>
            <ul className="flex flex-col gap-3">
              {BENEFITS.map((b) => (
                <li key={b} className="flex items-start gap-3 text-sm text-white/80">
                  <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-white/10">
                    <Check className="size-3 text-teal-300" strokeWidth={3} aria-hidden />
                  </span>
                  {b}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <Copyright className="text-xs text-white/50" />
      </div>
    </aside>
  );
}

/** Spec 1 §2 sign-in layout: marketing panel on the left, the form on the right; form only when narrow. */
export function AuthLayout() {
  return (
    <div className="grid min-h-dvh bg-surface lg:grid-cols-2">
      <MarketingPanel />
      <main className="flex min-h-dvh flex-col px-6 py-8 sm:px-10">
        <div className="lg:hidden">
          <Wordmark />
        </div>
        <div className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-[380px]">
            <Outlet />
          </div>
        </div>
        <Copyright className="text-center text-xs text-subtle lg:hidden" />
      </main>
    </div>
  );
}
