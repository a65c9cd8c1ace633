import { Bot, PlugZap } from 'lucide-react';
import { AI_PROVIDER_NAMES, type AiConfigProvider, type AiConfiguration } from '@parley/contracts';
import { maskedHint } from './model';
import { Button } from '../../ui';
import { useTestAiConnection } from './api';
import { ConnectionBadge, ConnectionTestResult, IntegrationCard } from './IntegrationCard';

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
  const connected = config?.status === 'connected';
  const test = useTestAiConnection();
  const rows = config
    ? [
        { label: 'Key', value: maskedHint(config.keyHint) ?? '—' },
        ...(config.baseUrl ? [{ label: 'Server', value: config.baseUrl }] : []),
        ...(config.defaultModel ? [{ label: 'Default model', value: config.defaultModel }] : []),
      ]
    : [];

  const actions = !canManage ? null : connected ? (
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
  );

  return (
    <IntegrationCard
      name={AI_PROVIDER_NAMES[provider]}
      testId={`ai-${provider}`}
      icon={Bot}
      description={DESCRIPTIONS[provider]}
      badges={
        <div>
          <ConnectionBadge status={connected ? 'connected' : 'not-connected'} />
        </div>
      }
      rows={rows}
      actions={actions}
    >
      {test.data ? <ConnectionTestResult check={test.data} /> : null}
    </IntegrationCard>
  );
}
