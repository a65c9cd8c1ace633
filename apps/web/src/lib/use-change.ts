import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from './toast';

interface ChangeOptions {
  /** The query keys (a prefix) that the change makes stale. */
  refresh: QueryKey;
  /** Toast the server's `message` on success (when the page does not say it itself). */
  announce?: boolean;
  /** Refresh after a failure too: a refused change can mean the list on screen is stale. */
  refreshOnFailure?: boolean;
}

const messageOf = (result: unknown) =>
  result && typeof result === 'object' && 'message' in result && typeof result.message === 'string'
    ? result.message
    : null;

/**
 * A change through the API: on success the lists under `refresh` reload (awaited, so a caller's
 * `mutateAsync` resolves on fresh data) and, with `announce`, the server's message is toasted.
 */
export function useChange<V, R>(run: (vars: V) => Promise<R>, options: ChangeOptions) {
  const { refresh, announce = false, refreshOnFailure = false } = options;
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      const message = announce ? messageOf(result) : null;
      if (message) toast({ title: message, variant: 'success' });
    },
    onSettled: (_result, error) =>
      error && !refreshOnFailure ? undefined : client.invalidateQueries({ queryKey: refresh }),
  });
}
