import { speakerDisplayName } from '@parley/contracts';

/** Names set on the meeting win over the server's copy (a rename shows before the refetch). */
export function nameOf(
  speaker: string,
  serverName: string | null | undefined,
  names: Readonly<Record<string, string>>,
): string {
  return names[speaker]?.trim() || serverName?.trim() || speakerDisplayName(speaker, {});
}
