import { Bot, CircleAlert, CircleCheck, CircleDashed, RefreshCw } from 'lucide-react';
import type { BotServiceStatus } from '@parley/contracts';
import { Badge, Button, LoadError, Section, Skeleton } from '../../ui';
import { useBotService } from '../bots';
import { IntegrationCard } from './IntegrationCard';
import type { SettingRow } from './model';

const NAMES: Record<BotServiceStatus['provider'], string> = {
  attendee: 'Attendee (self-hosted)',
  recall: 'Recall.ai',
  parley: 'Parley',
  none: 'None',
};

function Reachability({ status }: { status: BotServiceStatus }) {
  if (status.provider === 'none')
    return (
      <Badge tone="neutral" data-status="not-configured">
        <CircleDashed aria-hidden />
        Not configured
      </Badge>
    );
  return status.reachable ? (
    <Badge tone="success" data-status="reachable">
      <CircleCheck aria-hidden />
      Answering
    </Badge>
  ) : (
    <Badge tone="danger" data-status="unreachable">
      <CircleAlert aria-hidden />
      Not answering
    </Badge>
  );
}

/** What the card shows for a status (the page and its tests). */
export function BotServiceCardView({
  status,
  onCheck,
  checking,
}: {
  status: BotServiceStatus;
  onCheck(): void;
  checking: boolean;
}) {
  const rows: SettingRow[] = [
    { label: 'Service', value: NAMES[status.provider] },
    ...(status.url ? [{ label: 'Address', value: status.url }] : []),
    {
      label: 'Parley rooms',
      value: status.parleyRooms ? 'Joined by Parley’s own bot' : 'Not available',
    },
  ];
  return (
    <IntegrationCard
      name="Meeting bot service"
      testId="bot-service-card"
      icon={Bot}
      description="Joins Zoom, Google Meet and Teams calls to record them. Set on the server (BOT_PROVIDER, BOT_SERVICE_URL, BOT_SERVICE_KEY, BOT_WEBHOOK_SECRET); read only here."
      badges={
        <div className="flex flex-wrap gap-1.5">
          <Reachability status={status} />
        </div>
      }
      rows={rows}
      actions={
        status.provider === 'none' ? null : (
          <Button size="sm" variant="secondary" onClick={onCheck} loading={checking}>
            <RefreshCw aria-hidden />
            Check again
          </Button>
        )
      }
    >
      {status.provider !== 'none' && !status.reachable && status.detail ? (
        <p role="status" className="flex items-start gap-2 text-sm text-danger">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {status.detail}
        </p>
      ) : null}
    </IntegrationCard>
  );
}

/** The bot service section of the integrations page: which one, and whether it answers. */
export function BotServiceSection() {
  const service = useBotService();
  return (
    <Section
      title="Meeting bot"
      description="The service that sends a recording bot into video calls."
    >
      {service.isPending ? (
        <Skeleton className="h-40" />
      ) : service.isError ? (
        <LoadError icon={Bot} what="The bot service" onRetry={() => void service.refetch()} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <BotServiceCardView
            status={service.data}
            onCheck={() => void service.refetch()}
            checking={service.isFetching}
          />
        </div>
      )}
    </Section>
  );
}
