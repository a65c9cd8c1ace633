import { Languages } from 'lucide-react';
import type { SpokenLanguage } from '@parley/contracts';
import { Badge } from '../../ui';

/** "German" for "de"; the code itself where the browser has no name for it. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code; // not a well-formed language tag
  }
}

/**
 * The transcript's language beside the engine: detected by a multilingual model, or the
 * only language the engine's model knows (then it was assumed, not detected, and says so).
 */
export function LanguageNote({ language }: { language: SpokenLanguage | null | undefined }) {
  if (!language) return null;
  const name = languageName(language.code);
  const detected = language.source === 'detected';
  return (
    <Badge
      data-testid="transcript-language"
      title={
        detected
          ? `${name}, detected from the speech by the speech-to-text model`
          : `${name}: the speech-to-text model knows only this language, so it was not detected`
      }
    >
      <Languages aria-hidden />
      {name}
      <span className="font-normal text-subtle">{detected ? 'detected' : 'assumed'}</span>
    </Badge>
  );
}
