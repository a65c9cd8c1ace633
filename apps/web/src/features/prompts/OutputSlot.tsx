import { CircleAlert, Square } from 'lucide-react';
import type { SelectOption } from '../../ui';
import { Button, SelectField, Spinner } from '../../ui';
import type { SlotState } from './use-prompt-stream';

interface OutputSlotProps {
  slot: 1 | 2;
  model: string;
  models: SelectOption[];
  onModelChange(model: string): void;
  state: SlotState;
  onCancel(): void;
  disabled: boolean;
}

const usd = (n: number | null) =>
  n === null ? 'price unknown' : n === 0 ? '$0' : `$${n < 0.01 ? n.toFixed(5) : n.toFixed(3)}`;

/** One model's output: the model picker, the text as it streams in, then tokens, cost, time. */
export function OutputSlot(props: OutputSlotProps) {
  const { slot, model, models, onModelChange, state, onCancel, disabled } = props;
  const running = state.status === 'loading';
  return (
    <section
      aria-label={`Output ${slot}`}
      data-testid={`slot-${slot}`}
      data-status={state.status}
      className="flex min-h-72 min-w-0 flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-sm"
    >
      <div className="flex items-end gap-2">
        <SelectField
          label={`Model ${slot}`}
          value={model}
          onValueChange={onModelChange}
          options={models}
          className="min-w-0 flex-1"
          disabled={disabled || running}
        />
        {running ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={onCancel}
            aria-label={`Cancel output ${slot}`}
          >
            <Square className="size-3.5" aria-hidden />
            Cancel
          </Button>
        ) : null}
      </div>
      <div
        className="min-h-40 flex-1 overflow-auto whitespace-pre-wrap rounded-card bg-surface-2 p-3 text-sm text-fg"
        aria-live="polite"
        aria-busy={running}
        data-testid={`slot-${slot}-text`}
      >
        {state.text ? (
          state.text
        ) : running ? (
          <span className="flex items-center gap-2 text-muted">
            <Spinner className="size-4" /> Waiting for the first words…
          </span>
        ) : state.status === 'idle' ? (
          <span className="text-subtle">Run the prompt to see this model’s answer here.</span>
        ) : null}
      </div>
      {state.error ? (
        <p role="alert" className="flex items-start gap-2 text-sm text-danger">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {state.error}
        </p>
      ) : null}
      {state.status === 'cancelled' ? <p className="text-sm text-muted">Canceled.</p> : null}
      {state.result ? (
        <dl
          className="tabular grid grid-cols-3 gap-2 border-t border-border pt-3 text-xs"
          data-testid={`slot-${slot}-usage`}
        >
          <div>
            <dt className="text-subtle">Tokens in / out</dt>
            <dd className="text-fg">
              {state.result.usage.inputTokens} / {state.result.usage.outputTokens}
            </dd>
          </div>
          <div>
            <dt className="text-subtle">Cost</dt>
            <dd className="text-fg">{usd(state.result.costUsd)}</dd>
          </div>
          <div>
            <dt className="text-subtle">Time</dt>
            <dd className="text-fg">{(state.result.durationMs / 1000).toFixed(2)} s</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
