import { Bot, CircleAlert, CircleCheck, CircleDashed, PlugZap } from 'lucide-react';
import { AI_PROVIDER_NAMES, type AiConfigProvider, type AiConfiguration } from '@parley/contracts';
import { maskedHint } from './model';
import { Badge, Button } from '../../ui';
import { useTestAiConnection } from './api';

const DESCRIPTIONS: Record<AiConfigProvider, string> = {
  chatgpt: 'OpenAI’s GPT models, or any OpenAI-compatible server (Ollama, vLLM, llama.cpp).',
  'claude-ai': 'Anthropic’s Claude models.',
  gemini: 'Google’s Gemini and Gemma models.',
};

interface AiProviderCardProps {
  provider: AiConfigProvider;
  config?: AiConfiguration;
  canManage: boolean;
  busy: boolean;
  onConnect(): void;
  onDisconnect(): void;
}

/** One AI provider on the integrations page: status, key hint, server, and its actions. */
export function AiProviderCard({
  provider,
  config,
  canManage,
  busy,
  onConnect,
  onDisconnect,
}: AiProviderCardProps) {
  const name = AI_PROVIDER_NAMES[provider];
  const connected = config?.status === 'connected';
  const test = useTestAiConnection();
  const rows = config
    ? [
        { label: 'Key', value: maskedHint(config.keyHint) ?? '—' },
        ...(config.baseUrl ? [{ label: 'Server', value: config.baseUrl }] : []),
        ...(config.defaultModel ? [{ label: 'Default model', value: config.defaultModel }] : []),
      ]
    : [];

  return (
    <section
      aria-label={name}
      data-testid={`ai-${provider}`}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-card border border-border bg-surface-2 text-muted">
          <Bot className="size-5" aria-hidden />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="text-base font-semibold text-fg">{name}</h3>
          <p className="text-sm text-muted">{DESCRIPTIONS[provider]}</p>
        </div>
      </div>
      <div>
        {connected ? (
          <Badge tone="success" data-status="connected">
            <CircleCheck aria-hidden />
            Connected
          </Badge>
        ) : (
          <Badge tone="neutral" data-status="not-connected">
            <CircleDashed aria-hidden />
            Not connected
          </Badge>
        )}
      </div>
      {rows.length > 0 ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
          {rows.map((r) => (
            <div key={r.label} className="contents">
              <dt className="text-muted">{r.label}</dt>
              <dd className="tabular truncate text-fg" title={r.value}>
                {r.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {test.data ? (
        <p
          role="status"
          className={`flex items-start gap-2 text-sm ${test.data.ok ? 'text-success' : 'text-danger'}`}
        >
          {test.data.ok ? (
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          ) : (
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          )}
          {test.data.message}
        </p>
      ) : null}
      {canManage ? (
        <div className="mt-auto flex flex-wrap justify-end gap-2">
          {connected ? (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => test.mutate({ provider })}
                loading={test.isPending}
                disabled={busy}
              >
                <PlugZap className="size-4" aria-hidden />
                Test connection
              </Button>
              <Button variant="ghost" size="sm" onClick={onDisconnect} disabled={busy}>
                Disconnect
              </Button>
            </>
          ) : (
            <Button size="sm" onClick={onConnect} disabled={busy}>
              Connect
            </Button>
          )}
        </div>
      ) : null}
    </section>
  );
}
