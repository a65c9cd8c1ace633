import { CalendarDays, RefreshCw, TriangleAlert } from 'lucide-react';
import {
  AUTO_JOIN_RULES,
  AUTO_JOIN_RULE_LABELS,
  CALENDAR_NAMES,
  CALENDAR_PROVIDERS,
  type AutoJoinRule,
  type CalendarConnection,
  type CalendarProvider,
} from '@parley/contracts';
import { formatDateTime } from '../../lib/datetime';
import { formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { Button, ConfirmDialog, Section, SelectField } from '../../ui';
import {
  OAuthConnectionCard,
  OAuthConnectionGrid,
  useOAuthDisconnect,
  useOAuthReturn,
} from '../integrations';
import {
  useCalendarStatus,
  useConnectCalendar,
  useDisconnectCalendar,
  useSetAutoJoinRule,
  useSyncCalendar,
} from './api';

const DESCRIPTIONS: Record<CalendarProvider, string> = {
  google:
    'Meetings in your Google Calendar with a Meet, Zoom, Teams or Parley link show in Scheduled.',
  microsoft:
    'Meetings in your Outlook calendar with a Teams, Zoom, Meet or Parley link show in Scheduled.',
};

const RULE_HINTS: Record<AutoJoinRule, string> = {
  all: 'The notetaker joins every scheduled meeting that has a link.',
  hosted: 'The notetaker joins the meetings you organize.',
  external: 'The notetaker joins meetings where someone is invited from another domain than yours.',
  none: 'The notetaker joins only the meetings you switch on in Scheduled.',
};

function CalendarCard(props: {
  status: CalendarConnection;
  busy: boolean;
  onConnect(): void;
  onSync(): void;
  onDisconnect(): void;
}) {
  const { status: s, busy } = props;
  const rows = [
    ...(s.accountEmail ? [{ label: 'Account', value: s.accountEmail }] : []),
    ...(s.lastSyncAt ? [{ label: 'Last sync', value: formatDateTime(s.lastSyncAt) }] : []),
    ...(s.connected
      ? [{ label: 'Upcoming', value: `${formatNumber(s.upcoming)} with a link` }]
      : []),
  ];
  const actions = s.connected ? (
    <>
      <Button variant="secondary" size="sm" onClick={props.onSync} disabled={busy}>
        <RefreshCw className="size-4" aria-hidden />
        Sync now
      </Button>
      <Button variant="ghost" size="sm" onClick={props.onDisconnect} disabled={busy}>
        Disconnect
      </Button>
    </>
  ) : (
    <Button size="sm" onClick={props.onConnect} disabled={busy || !s.configured}>
      Connect
    </Button>
  );
  return (
    <OAuthConnectionCard
      status={s}
      kind="calendar"
      icon={CalendarDays}
      description={DESCRIPTIONS[s.provider]}
      rows={rows}
      actions={actions}
    >
      {s.lastError ? (
        <p className="flex items-start gap-2 text-sm text-danger" role="status">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          Last sync failed: {s.lastError}
        </p>
      ) : null}
    </OAuthConnectionCard>
  );
}

/** Auto-join: which scheduled meetings the notetaker joins by itself. */
function AutoJoinCard({ rule }: { rule: AutoJoinRule }) {
  const setRule = useSetAutoJoinRule();
  return (
    <section
      aria-label="Auto-join"
      data-testid="auto-join-rule"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-sm"
    >
      <div className="flex flex-col gap-1">
        <h3 className="text-base font-semibold text-fg">Auto-join</h3>
        <p className="text-sm text-muted">
          Which of your scheduled meetings the Parley notetaker joins at their start. A switch on a
          meeting in Scheduled overrides this for that meeting.
        </p>
      </div>
      <SelectField
        label="The notetaker joins"
        value={rule}
        onValueChange={(v) =>
          setRule.mutate(v as AutoJoinRule, {
            onSuccess: () => toast({ title: 'Auto-join saved', variant: 'success' }),
          })
        }
        options={AUTO_JOIN_RULES.map((r) => ({ value: r, label: AUTO_JOIN_RULE_LABELS[r] }))}
        disabled={setRule.isPending}
      />
      <p className="text-sm text-muted" role="status">
        {RULE_HINTS[rule]}
      </p>
    </section>
  );
}

/** Each member's own calendars and auto-join rule on /app-integrations (issue 18 item 3). */
export function CalendarSection() {
  const status = useCalendarStatus();
  const connect = useConnectCalendar();
  const sync = useSyncCalendar();
  const disconnect = useDisconnectCalendar();
  const removal = useOAuthDisconnect((p: CalendarProvider) => disconnect.mutateAsync(p));
  const busy = connect.isPending || sync.isPending || disconnect.isPending;

  // Back from the provider's consent page: say how it went, once.
  useOAuthReturn({
    param: 'calendar',
    providers: CALENDAR_PROVIDERS,
    connectedTitle: (p) => `${CALENDAR_NAMES[p]} connected`,
  });

  return (
    <Section
      id="calendars"
      title="Your calendars"
      icon={CalendarDays}
      description="Connect your own calendar: meetings with a call link show in Scheduled, and the notetaker can join them by itself."
      className="scroll-mt-6"
    >
      <OAuthConnectionGrid
        query={status}
        icon={CalendarDays}
        what="Your calendars"
        loadingLabel="Loading calendars"
        placeholders={[...CALENDAR_PROVIDERS, 'rule']}
      >
        {(data) => (
          <>
            {data.data.map((s) => (
              <CalendarCard
                key={s.provider}
                status={s}
                busy={busy}
                onConnect={() => connect.mutate(s.provider)}
                onSync={() =>
                  sync.mutate(s.provider, {
                    onSuccess: (c) =>
                      c.lastError
                        ? undefined
                        : toast({
                            title: `${c.name} synced`,
                            description: `${formatNumber(c.upcoming)} upcoming meetings with a link`,
                            variant: 'success',
                          }),
                  })
                }
                onDisconnect={() => removal.ask(s.provider)}
              />
            ))}
            <AutoJoinCard rule={data.autoJoinRule} />
          </>
        )}
      </OAuthConnectionGrid>
      <ConfirmDialog
        {...removal.dialog}
        title={`Disconnect ${removal.target ? CALENDAR_NAMES[removal.target] : ''}?`}
        description="Parley revokes its access, forgets the sign-in and removes the scheduled meetings it read from this calendar. Meetings the notetaker already joined stay."
        confirmLabel="Disconnect"
      />
    </Section>
  );
}
