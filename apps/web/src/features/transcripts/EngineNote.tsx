import { Link } from 'react-router';
import { AudioWaveform, Info } from 'lucide-react';
import type { AsrEngineInfo } from '@parley/contracts';
import { Tooltip } from '../../ui';
import { ABOUT_ANALYSIS_PATH } from '../accuracy';
import { BETTER_TRANSCRIPTS, engineWords } from './engine-words';

/** Which speech-to-text engine wrote the transcript, how good to expect it, how to get better. */
export function EngineNote({ engine }: { engine: AsrEngineInfo | null | undefined }) {
  if (!engine) return null;
  const words = engineWords(engine);
  const detail = `${words.expect}${words.basic ? ` ${BETTER_TRANSCRIPTS}` : ''}`;
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5" data-testid="asr-engine">
      <AudioWaveform className="size-3.5 shrink-0 text-subtle" aria-hidden />
      <span className="truncate">
        <span className="font-medium text-fg">{words.label}</span>
        <span className="sr-only">. {detail}</span>
      </span>
      <Tooltip label={detail}>
        <Link
          to={ABOUT_ANALYSIS_PATH}
          aria-label="How accurate is the transcript?"
          className="grid size-5 shrink-0 place-items-center rounded-full text-subtle hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Info className="size-3.5" aria-hidden />
        </Link>
      </Tooltip>
    </span>
  );
}
