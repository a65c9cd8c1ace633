import { useEffect, useState } from 'react';
import { PlugZap } from 'lucide-react';
import {
  AI_PROVIDER_NAMES,
  aiConfigBody,
  type AiConfigBody,
  type AiConfigProvider,
} from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { maskedHint } from './model';
import { toast } from '../../lib/toast';
import { Button, FormDialog, TextField } from '../../ui';
import { useConnectAi, useTestAiConnection } from './api';
import { ConnectionTestResult } from './IntegrationCard';

interface ConnectAiDialogProps {
  provider: AiConfigProvider | null;
  onOpenChange(open: boolean): void;
}

const EMPTY = { apiKey: '', baseUrl: '', defaultModel: '' };
type Field = keyof typeof EMPTY;

/** Connect Chat Gpt, ClaudeAI or Gemini with a key (and, for OpenAI-compatible servers, a URL). */
export function ConnectAiDialog({ provider, onOpenChange }: ConnectAiDialogProps) {
  const [values, setValues] = useState(EMPTY);
  const [shown, setShown] = useState<ReadonlySet<Field>>(new Set());
  const [serverError, setServerError] = useState<string | null>(null);
  const connect = useConnectAi();
  const test = useTestAiConnection();
  const { reset: resetTest } = test;
  const name = provider ? AI_PROVIDER_NAMES[provider] : '';

  useEffect(() => {
    setValues(EMPTY);
    setShown(new Set());
    setServerError(null);
    resetTest();
  }, [provider, resetTest]);

  const parsed = aiConfigBody.safeParse({
    apiKey: values.apiKey,
    ...(values.baseUrl.trim() ? { baseUrl: values.baseUrl.trim() } : {}),
    ...(values.defaultModel.trim() ? { defaultModel: values.defaultModel.trim() } : {}),
  });
  const errorOf = (f: Field) =>
    shown.has(f) && !parsed.success
      ? parsed.error.issues.find((i) => i.path[0] === f)?.message
      : undefined;
  const field = (f: Field) => ({
    value: values[f],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [f]: e.target.value }));
      resetTest();
    },
    onBlur: () => setShown((s) => new Set(s).add(f)),
    error: errorOf(f),
    disabled: connect.isPending,
  });

  const close = () => onOpenChange(false);
  const submit = () => {
    setShown(new Set(['apiKey', 'baseUrl', 'defaultModel']));
    if (!provider || !parsed.success) return;
    const body: AiConfigBody = parsed.data;
    setServerError(null);
    connect.mutate(
      { provider, body },
      {
        onSuccess: (saved) => {
          toast({
            title: `${name} connected`,
            description: `Key ${maskedHint(saved.keyHint) ?? ''}`,
            variant: 'success',
          });
          close();
        },
        onError: (e) => setServerError(failureMessage(e, `Error creating ${name} configuration`)),
      },
    );
  };
  const runTest = () => {
    if (!provider || !parsed.success) return;
    test.mutate({
      provider,
      apiKey: parsed.data.apiKey,
      ...(parsed.data.baseUrl ? { baseUrl: parsed.data.baseUrl } : {}),
    });
  };

  return (
    <FormDialog
      open={provider !== null}
      title={`Connect ${name}`}
      description="Parley tests the key before saving it. The key is stored encrypted and never shown again."
      pending={connect.isPending}
      valid={parsed.success}
      error={serverError}
      submitLabel="Connect"
      onSubmit={submit}
      onClose={close}
    >
      <TextField
        label="API key"
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        {...field('apiKey')}
      />
      {provider === 'chatgpt' ? (
        <TextField
          label="Base URL (optional)"
          placeholder="http://localhost:11434/v1"
          hint="Only for OpenAI-compatible servers such as Ollama, vLLM or llama.cpp."
          inputMode="url"
          {...field('baseUrl')}
        />
      ) : null}
      <TextField
        label="Default model (optional)"
        placeholder={provider === 'chatgpt' ? 'gpt-4o-mini or llama3.1:8b' : ''}
        {...field('defaultModel')}
      />
      <div className="flex flex-col gap-2">
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={runTest}
          loading={test.isPending}
          disabled={!parsed.success || connect.isPending}
        >
          <PlugZap className="size-4" aria-hidden />
          Test connection
        </Button>
        {test.data ? (
          <ConnectionTestResult check={test.data} />
        ) : test.isError ? (
          <p role="status" className="text-sm text-danger">
            {failureMessage(test.error, 'The connection could not be tested')}
          </p>
        ) : null}
      </div>
    </FormDialog>
  );
}
