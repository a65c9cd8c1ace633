import { useEffect, useState, type ReactNode } from 'react';
import {
  Activity,
  Gauge,
  HelpCircle,
  MessageCircleWarning,
  Smile,
  Sparkles,
  Timer,
} from 'lucide-react';
import type { LiveAnalytics, LiveZaiPrompts } from '@parley/contracts';
import { formatDuration } from '../../lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui';
import { speakerColor, speakerColorIndex } from '../../ui/player/player';
import type { LiveMeeting } from './use-live-meeting';

function LiveCard({
  title,
  icon,
  children,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2">
        <span aria-hidden className="text-muted">
          {icon}
        </span>
        <CardTitle className="text-sm">{title}</CardTitle>
      </CardHeader>
      <CardContent className="pt-3">{children}</CardContent>
    </Card>
  );
}

const Waiting = () => <p className="text-sm text-muted">Appears once someone has spoken.</p>;

/** Per participant, a value and a bar (talk time share, or the value against the largest). */
function PerSpeaker({
  analytics,
  value,
  share,
}: {
  analytics: LiveAnalytics;
  value: (s: LiveAnalytics['speakers'][number]) => string;
  share: (s: LiveAnalytics['speakers'][number]) => number;
}) {
  return (
    <ul className="space-y-2">
      {analytics.speakers.map((s) => (
        <li key={s.name} className="text-sm">
          <div className="flex items-baseline justify-between gap-2">
            {/* Names wrap rather than cut: the card is narrow beside the call's video. */}
            <span className="min-w-0 break-words">{s.name}</span>
            <span className="shrink-0 whitespace-nowrap tabular-nums text-muted">{value(s)}</span>
          </div>
          <div className="mt-1 h-1.5 rounded-full bg-surface-2" aria-hidden>
            <div
              className="h-1.5 rounded-full"
              style={{
                width: `${Math.max(0, Math.min(100, share(s)))}%`,
                background: speakerColor(speakerColorIndex(s.name)),
              }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Seconds until `at`, ticking every second (spec 2 §4: frequency timers count down in 1 s). */
function useCountdown(at: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!at) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [at]);
  if (!at) return null;
  return Math.max(0, Math.round((Date.parse(at) - now) / 1000));
}

function ZaiCard({ zai, ended }: { zai: LiveZaiPrompts | null; ended: boolean }) {
  const left = useCountdown(ended ? undefined : zai?.nextAt);
  const list = (title: string, items: string[]) => (
    <div>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">{title}</h3>
      {items.length ? (
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
          {items.map((q, i) => (
            <li key={i}>{q}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-muted">None yet.</p>
      )}
    </div>
  );
  return (
    <LiveCard title="Zai live prompts" icon={<Sparkles className="size-4" />}>
      {!zai ? (
        <p className="text-sm text-muted">
          Zai looks at the conversation every 2 minutes once something has been said.
        </p>
      ) : (
        <div className="space-y-3">
          {list('Key questions', zai.keyQuestions)}
          {list('Questions to ask', zai.questionsToAsk)}
          {zai.customerIntent !== null
            ? list('Customer intent', zai.customerIntent.split('\n'))
            : null}
          <p className="text-xs text-muted">
            {zai.model}
            {left !== null ? ` · next in ${formatDuration(left).slice(3)}` : ''}
          </p>
        </div>
      )}
    </LiveCard>
  );
}

/**
 * The live cards (issue 18 item 5): talk time, speaking rate, filler words, questions,
 * sentiment and engagement, recomputed by the server from the final words, and Zai's prompts.
 */
export function LiveCards({ live }: { live: LiveMeeting }) {
  const a = live.analytics;
  const maxRate = Math.max(1, ...(a?.speakers.map((s) => s.wordsPerMinute) ?? []));
  const maxFillers = Math.max(1, ...(a?.speakers.map((s) => s.fillerWords) ?? []));
  return (
    <section className="grid gap-4 sm:grid-cols-2" aria-label="Live analytics">
      <LiveCard title="Talk time" icon={<Timer className="size-4" />}>
        {a ? (
          <PerSpeaker
            analytics={a}
            value={(s) => `${formatDuration(s.talkTimeSec)} · ${s.talkTimePercent}%`}
            share={(s) => s.talkTimePercent}
          />
        ) : (
          <Waiting />
        )}
      </LiveCard>
      <LiveCard title="Speaking rate" icon={<Gauge className="size-4" />}>
        {a ? (
          <PerSpeaker
            analytics={a}
            value={(s) => `${Math.round(s.wordsPerMinute)} wpm`}
            share={(s) => (100 * s.wordsPerMinute) / maxRate}
          />
        ) : (
          <Waiting />
        )}
      </LiveCard>
      <LiveCard title="Filler words" icon={<MessageCircleWarning className="size-4" />}>
        {a ? (
          <>
            <PerSpeaker
              analytics={a}
              value={(s) => String(s.fillerWords)}
              share={(s) => (100 * s.fillerWords) / maxFillers}
            />
            {a.fillerWords.length ? (
              <p className="mt-2 text-xs text-muted">
                Latest:{' '}
                {a.fillerWords
                  .slice(-5)
                  .map((f) => `“${f.word}”`)
                  .join(', ')}
              </p>
            ) : null}
          </>
        ) : (
          <Waiting />
        )}
      </LiveCard>
      <LiveCard title="Questions" icon={<HelpCircle className="size-4" />}>
        {a ? (
          a.questions.length ? (
            <ul className="space-y-1 text-sm">
              {a.questions.slice(-5).map((q) => (
                <li key={`${q.start}-${q.speaker}`}>
                  <span className="font-medium">{q.speaker}:</span> {q.text}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">No questions asked yet.</p>
          )
        ) : (
          <Waiting />
        )}
      </LiveCard>
      <LiveCard title="Sentiment" icon={<Smile className="size-4" />}>
        {a ? (
          <div className="space-y-1 text-sm">
            <p>
              Overall <span className="font-semibold capitalize">{a.sentiment.label}</span>{' '}
              <span className="text-muted tabular-nums">({a.sentiment.compound.toFixed(2)})</span>
            </p>
            {a.speakers.map((s) => (
              <p key={s.name} className="text-muted">
                {s.name}: {s.sentiment ? s.sentiment.label : 'no words yet'}
              </p>
            ))}
          </div>
        ) : (
          <Waiting />
        )}
      </LiveCard>
      <LiveCard title="Engagement" icon={<Activity className="size-4" />}>
        {a ? (
          <div title={a.engagement.method}>
            <p className="text-2xl font-semibold tabular-nums">{a.engagement.score}</p>
            <p className="text-xs text-muted">
              Estimate from turn-taking, balance, pace and sentiment (hover for how).
            </p>
          </div>
        ) : (
          <Waiting />
        )}
      </LiveCard>
      <div className="sm:col-span-2">
        <ZaiCard zai={live.zai} ended={live.ended} />
      </div>
    </section>
  );
}
