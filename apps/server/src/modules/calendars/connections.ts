import { z } from 'zod';
import { CALENDAR_MESSAGES as M, type CalendarProvider } from '@parley/contracts';
import { badRequest } from '../../platform/errors.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { CalendarRepo, ConnectionRow } from './repo.js';
import {
  CalendarAuthError,
  CalendarHttpError,
  type CalendarClient,
  type CalendarSession,
  type CalendarTokens,
} from './types.js';

const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number(),
});

/** Binds sealed tokens to their user and provider: a copied value does not open elsewhere. */
export const secretContext = (userId: string, p: CalendarProvider) => `calendar:${userId}:${p}`;

/** A token about to expire is refreshed before use rather than after a 401. */
const REFRESH_MARGIN_MS = 60_000;

export interface ConnectionsDeps {
  repo: CalendarRepo;
  clients: Partial<Record<CalendarProvider, CalendarClient>>;
  secrets: SecretBox;
  now: () => Date;
}

/** Users' calendar connections: their sealed tokens, and sessions that refresh and save them. */
export function createCalendarConnections(deps: ConnectionsDeps) {
  const { repo, secrets, now } = deps;

  function clientOf(p: CalendarProvider): CalendarClient {
    const client = deps.clients[p];
    if (!client) throw badRequest(M.notConfigured(p));
    return client;
  }

  const seal = (userId: string, p: CalendarProvider, tokens: CalendarTokens) =>
    secrets.seal(tokens, secretContext(userId, p));

  /** Null when the sealed tokens no longer open (the app secret changed): connect again. */
  function opened(row: ConnectionRow): CalendarTokens | null {
    try {
      return tokensSchema.parse(
        secrets.open(row.secretSealed, secretContext(row.userId, row.provider)),
      );
    } catch {
      return null;
    }
  }

  /**
   * A session on a connection (`row`), or on tokens not saved yet (`row` null, while
   * connecting): refreshed tokens are sealed and saved at once; a refused refresh marks the
   * connection for reconnecting.
   */
  function sessionOn(
    client: CalendarClient,
    start: CalendarTokens,
    row: ConnectionRow | null,
  ): CalendarSession & { current(): CalendarTokens } {
    let tokens = start;
    const session = {
      current: () => tokens,
      async accessToken() {
        if (tokens.expiresAt - REFRESH_MARGIN_MS < now().getTime()) await session.refresh();
        return tokens.accessToken;
      },
      async refresh() {
        try {
          tokens = await client.refresh(tokens);
        } catch (err) {
          if (
            row &&
            err instanceof CalendarHttpError &&
            (err.status === 400 || err.status === 401)
          ) {
            await repo.updateConnection(
              row.id,
              { status: 'reconnect', lastError: M.reconnect(row.provider) },
              now(),
            );
            throw new CalendarAuthError(M.reconnect(row.provider));
          }
          throw err;
        }
        if (row) {
          await repo.updateConnection(
            row.id,
            { secretSealed: seal(row.userId, row.provider, tokens) },
            now(),
          );
        }
      },
    };
    return session;
  }

  return {
    clientOf,
    seal,
    opened,
    sessionOn,
    /** A session on a saved connection; throws CalendarAuthError when its tokens are unreadable. */
    open(row: ConnectionRow) {
      const tokens = opened(row);
      if (!tokens) throw new CalendarAuthError(M.reconnect(row.provider));
      const client = clientOf(row.provider);
      return { client, session: sessionOn(client, tokens, row) };
    },
    /** Best effort: false when the provider did not confirm (or the tokens were unreadable). */
    async revoke(row: ConnectionRow): Promise<boolean> {
      const tokens = opened(row);
      const client = deps.clients[row.provider];
      if (!tokens || !client) return false;
      try {
        await client.revoke(tokens);
        return true;
      } catch {
        return false;
      }
    },
  };
}
export type CalendarConnections = ReturnType<typeof createCalendarConnections>;
