import type { CallPolicy } from './call-policy.js';
import { isAiError } from './errors.js';
import { PROVIDER_DISPLAY_NAMES } from './models.js';
import type { ConnectionCheck } from './types.js';

const MODELS_NAMED = 5;

/**
 * Lists the models the key can use (the cheapest authenticated call every provider has) and
 * says in one sentence what was found, or why it failed, for the integrations page.
 */
export async function checkConnection(
  policy: CallPolicy,
  where: string,
  listModels: (signal: AbortSignal) => Promise<string[]>,
): Promise<ConnectionCheck> {
  const name = PROVIDER_DISPLAY_NAMES[policy.provider];
  try {
    const models = (await policy.run(undefined, listModels)).sort();
    const named = models.slice(0, MODELS_NAMED).join(', ');
    const more = models.length > MODELS_NAMED ? `, and ${models.length - MODELS_NAMED} more` : '';
    const message =
      models.length === 0
        ? `Connected to ${name} at ${where}, but the key can use no models.`
        : `Connected to ${name} at ${where}: ${models.length} model${models.length === 1 ? '' : 's'} (${named}${more}).`;
    return { ok: true, models, message };
  } catch (err) {
    if (!isAiError(err)) throw err;
    // Without an HTTP status nothing answered: the caller may word that its own way.
    const unreachable =
      err.status === undefined && (err.kind === 'unavailable' || err.kind === 'timeout');
    const detail =
      err.kind === 'key-expired'
        ? ''
        : ` (${where}${err.detail ? `: ${firstLine(err.detail)}` : ''})`;
    return {
      ok: false,
      models: [],
      message: `${err.message}${detail}`,
      ...(unreachable && { unreachable }),
    };
  }
}

/** The ids in a provider's model list, read page after page to the end. */
export async function modelIds<M>(
  models: AsyncIterable<M>,
  idOf: (model: M) => string | undefined,
): Promise<string[]> {
  const ids: string[] = [];
  for await (const model of models) {
    const id = idOf(model);
    if (id) ids.push(id);
  }
  return ids;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
