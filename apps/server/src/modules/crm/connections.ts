import { z } from 'zod';
import { CRM_MESSAGES as M, type CrmProvider } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { IntegrationConfigRow, IntegrationConfigs } from '../integrations/index.js';
import { CrmAuthError, CrmHttpError } from './http.js';
import type { CrmClient, CrmSession, CrmTokens } from './types.js';

export type ConnectionRow = IntegrationConfigRow;

export interface ConnectionsDeps {
  /** The integrations module's repository of integration_configs, where connections live. */
  configs: IntegrationConfigs;
  /** The CRMs this server can connect (client id and secret configured). */
  clients: Partial<Record<CrmProvider, CrmClient>>;
  secrets: SecretBox;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number().nullable(),
  instanceUrl: z.string().optional(),
});

/** Binds sealed tokens to their tenant and CRM, as the storage credentials are. */
const secretContext = (organizationId: string, p: CrmProvider) => `${organizationId}:${p}`;

/** A token about to expire is refreshed before use rather than after a 401. */
const REFRESH_MARGIN_MS = 60_000;

/** What a connection's settings hold besides the sealed tokens. */
export interface ConnectionSettings {
  accountName: string;
  instanceUrl?: string;
  connectedBy: string;
}

/**
 * An organisation's connection to a CRM: its row in integration_configs (settings shown on
 * the page, tokens sealed), and sessions that refresh and save the tokens as they go.
 */
export function createCrmConnections(deps: ConnectionsDeps) {
  const { configs, secrets, now } = deps;

  function clientOf(p: CrmProvider): CrmClient {
    const client = deps.clients[p];
    if (!client) throw badRequest(M.notConfigured(p));
    return client;
  }

  const seal = (organizationId: string, p: CrmProvider, tokens: CrmTokens) =>
    secrets.seal(tokens, secretContext(organizationId, p));

  function opened(row: ConnectionRow, p: CrmProvider): CrmTokens {
    try {
      return tokensSchema.parse(
        secrets.open(row.secretSealed ?? '', secretContext(row.organizationId, p)),
      );
    } catch {
      throw new AppError(409, M.unreadable(p));
    }
  }

  /**
   * A session on one connection: refreshed tokens are sealed and saved at once; a refused
   * refresh marks the connection for reconnecting and ends in CrmAuthError.
   */
  function sessionOn(
    client: CrmClient,
    start: CrmTokens,
    saved: { organizationId: string; provider: CrmProvider } | null,
  ): CrmSession & { current(): CrmTokens } {
    let tokens = start;
    const session: CrmSession & { current(): CrmTokens } = {
      current: () => tokens,
      async accessToken() {
        if (tokens.expiresAt !== null && tokens.expiresAt - REFRESH_MARGIN_MS < Date.now()) {
          await session.refresh();
        }
        return tokens.accessToken;
      },
      async refresh() {
        try {
          tokens = await client.refresh(tokens);
        } catch (err) {
          if (saved && err instanceof CrmHttpError && (err.status === 400 || err.status === 401)) {
            await configs.update(
              saved.organizationId,
              saved.provider,
              { status: 'reconnect' },
              now(),
            );
            throw new CrmAuthError(M.reconnect(saved.provider));
          }
          throw err;
        }
        if (saved) {
          await configs.update(
            saved.organizationId,
            saved.provider,
            {
              secretSealed: seal(saved.organizationId, saved.provider, tokens),
              status: 'connected',
            },
            now(),
          );
        }
      },
      instanceUrl: () => tokens.instanceUrl ?? null,
    };
    return session;
  }

  return {
    clientOf,
    sessionOn,
    opened,
    row: (organizationId: string, p: CrmProvider) => configs.get(organizationId, p),
    rows: (organizationId: string, providers: readonly CrmProvider[]) =>
      configs.list(organizationId, providers),

    /** The organisation's connection to the CRM, ready to call; null when not connected. */
    async open(organizationId: string, p: CrmProvider) {
      const row = await configs.get(organizationId, p);
      if (!row) return null;
      const client = clientOf(p);
      return {
        client,
        session: sessionOn(client, opened(row, p), { organizationId, provider: p }),
      };
    },

    /** A new connection, or new tokens for the one there (connecting again). */
    async save(
      organizationId: string,
      p: CrmProvider,
      settings: ConnectionSettings,
      tokens: CrmTokens,
    ): Promise<void> {
      await configs.save(
        organizationId,
        p,
        {
          status: 'connected',
          settings: { ...settings },
          secretSealed: seal(organizationId, p, tokens),
        },
        now(),
      );
    },

    /**
     * Best effort: revokes the connection's tokens at the CRM; false (and why, in the log)
     * when they could not be read or the CRM did not confirm.
     */
    async revoke(row: ConnectionRow, p: CrmProvider): Promise<boolean> {
      try {
        await clientOf(p).revoke(opened(row, p));
        return true;
      } catch (err) {
        deps.log.warn(
          { err, organizationId: row.organizationId, provider: p },
          'CRM tokens not revoked',
        );
        return false;
      }
    },

    remove: (organizationId: string, p: CrmProvider, alongside: (tx: Db) => Promise<void>) =>
      configs.remove(organizationId, p, alongside),
  };
}
export type CrmConnections = ReturnType<typeof createCrmConnections>;
