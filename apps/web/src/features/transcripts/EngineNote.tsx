import { AudioWaveform } from 'lucide-react';
import type { AsrEngineInfo } from '@parley/contracts';

/** Which speech-to-text engine wrote the transcript and how accurate it is known to be. */
export function EngineNote({ engine }: { engine: AsrEngineInfo | null | undefined }) {
  if (!engine) return null;
  return (
    <span
      className="inline-flex min-w-0 items-center gap-1.5"
      data-testid="asr-engine"
      title={`${engine.name} ${engine.model}: ${engine.quality}`}
    >
      <AudioWaveform className="size-3.5 shrink-0 text-subtle" aria-hidden />
      <span className="truncate">
        <span className="font-medium text-fg">
          {engine.name} {engine.model}
        </span>{' '}
        · {engine.quality}
      </span>
    </span>
  );
}
