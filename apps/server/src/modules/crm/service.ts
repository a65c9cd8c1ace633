import {
  CRM_MESSAGES as M,
  CRM_NAMES,
  CRM_PROVIDERS,
  crmProviderSchema,
  type CrmProvider,
  type CrmStatus,
} from '@parley/contracts';
import { AppError, notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import {
  createOAuthConnect,
  type ConnectOutcome,
  type OAuthCallbackQuery,
} from '../../platform/http/oauth-connect.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { IntegrationConfigs } from '../integrations/index.js';
import { createCrmConnections, type ConnectionRow } from './connections.js';
import { CrmAuthError } from './http.js';
import { createCrmImport, type ImportDeps } from './import.js';
import { crmImportJob, crmNoteJob } from './jobs.js';
import { createNoteWriter, type NotesDeps } from './notes.js';
import type { CrmRepo, SyncRow } from './repo.js';
import type { CrmClient } from './types.js';

export interface CrmDeps {
  repo: CrmRepo;
  /** The integrations module's repository of integration_configs (the connections). */
  configs: IntegrationConfigs;
  /** The CRMs this server can connect (client id and secret configured). */
  clients: Partial<Record<CrmProvider, CrmClient>>;
  secrets: SecretBox;
  queue: JobQueue;
  publicUrl: string;
  /** Where the CRM sends the browser back to (PUBLIC_URL + API prefix + callback path). */
  redirectUri: (provider: CrmProvider) => string;
  matchDeal: ImportDeps['matchDeal'];
  membersByEmail: ImportDeps['membersByEmail'];
  callNote: NotesDeps['callNote'];
  /** Whether the organisation's plan has what CRM imports need (CRM_FEATURE). */
  salesFeature: (organizationId: string) => Promise<boolean>;
  /** Between automatic imports of a connection; 0: none. */
  importEveryMs: number;
  now: () => Date;
  log: ImportDeps['log'];
}

/** The flow cookie's sealing context: a sealed credential does not open as a flow. */
const FLOW_CONTEXT = 'crm-oauth-flow';

export function createCrmService(deps: CrmDeps) {
  const { repo, secrets, queue, now, log } = deps;

  const connections = createCrmConnections(deps);
  const oauth = createOAuthConnect({
    providerSchema: crmProviderSchema,
    clients: deps.clients,
    secrets,
    sealContext: FLOW_CONTEXT,
    redirectUri: deps.redirectUri,
    messages: M,
    logLabel: 'CRM',
    log,
  });

  function view(
    p: CrmProvider,
    row: ConnectionRow | undefined,
    sync: SyncRow | undefined,
  ): CrmStatus {
    const configured = Boolean(deps.clients[p]);
    return {
      provider: p,
      name: CRM_NAMES[p],
      configured,
      setupHint: configured ? null : M.notConfigured(p),
      connected: Boolean(row),
      needsReconnect: row?.status === 'reconnect',
      accountName: row?.settings.accountName ?? null,
      connectedAt: row ? row.updatedAt.toISOString() : null,
      lastImportAt: sync?.lastImportAt?.toISOString() ?? null,
      import:
        row && sync
          ? {
              state: sync.state,
              current: sync.current ?? null,
              counts: sync.counts,
              startedAt: sync.startedAt?.toISOString() ?? null,
              finishedAt: sync.finishedAt?.toISOString() ?? null,
              error: sync.error,
            }
          : null,
    };
  }

  async function statusOf(organizationId: string, p: CrmProvider): Promise<CrmStatus> {
    const [row, sync] = await Promise.all([
      connections.row(organizationId, p),
      repo.sync(organizationId, p),
    ]);
    return view(p, row ?? undefined, sync ?? undefined);
  }

  /**
   * `fullAssociations`: someone asked (connecting, Import now), so every deal's contacts are
   * read again rather than only the day's full pass.
   */
  async function queueImport(
    organizationId: string,
    p: CrmProvider,
    fullAssociations: boolean,
  ): Promise<void> {
    // Already queued or running: that run reads the changes this one would.
    if (await repo.queueSync(organizationId, p, now(), fullAssociations)) {
      await queue.send(crmImportJob, { organizationId, provider: p });
    }
  }

  async function queueNote(meetingId: string): Promise<void> {
    await queue.send(crmNoteJob, { meetingId });
  }

  const importer = createCrmImport({ ...deps, connections, queueNote });

  /**
   * The automatic imports: each connection whose last import ended `importEveryMs` ago, still
   * connected (not waiting to be connected again), of an organisation whose plan still has
   * the feature. Whichever process asks, a queued or running import is not queued again.
   */
  async function queueDueImports(): Promise<void> {
    const due = await repo.importsEndedBefore(new Date(now().getTime() - deps.importEveryMs));
    for (const { organizationId, provider } of due) {
      const row = await connections.row(organizationId, provider);
      if (row?.status !== 'connected' || !(await deps.salesFeature(organizationId))) continue;
      await queueImport(organizationId, provider, false);
    }
  }
  const notes = createNoteWriter({ ...deps, connections });

  return {
    async status(caller: Caller): Promise<{ data: CrmStatus[] }> {
      const [rows, syncs] = await Promise.all([
        connections.rows(caller.organizationId, CRM_PROVIDERS),
        repo.syncs(caller.organizationId),
      ]);
      return {
        data: CRM_PROVIDERS.map((p) =>
          view(
            p,
            rows.find((r) => r.provider === p),
            syncs.find((s) => s.provider === p),
          ),
        ),
      };
    },

    /**
     * The CRM's authorisation URL and the sealed flow the browser keeps in a cookie until the
     * callback: the callback only accepts the state this browser was given.
     */
    connect(caller: Caller, p: CrmProvider): { url: string; flow: string } {
      return oauth.start(caller, p);
    },

    /** The callback's work: checks the state, exchanges the code, saves the connection. */
    async completeConnect(
      p: CrmProvider,
      sealedFlow: string | undefined,
      query: OAuthCallbackQuery,
    ): Promise<ConnectOutcome> {
      const outcome = await oauth.complete(
        p,
        sealedFlow,
        query,
        async ({ flow, client, tokens }) => {
          const probe = connections.sessionOn(client, tokens, null);
          const accountName = await client.accountName(probe);
          const current = probe.current();
          await connections.save(
            flow.organizationId,
            p,
            {
              accountName,
              ...(current.instanceUrl ? { instanceUrl: current.instanceUrl } : {}),
              connectedBy: flow.userId,
            },
            current,
          );
        },
      );
      if (!outcome.ok) return outcome;
      await queueImport(outcome.flow.organizationId, p, true);
      return { ok: true };
    },

    async importNow(caller: Caller, p: CrmProvider): Promise<CrmStatus> {
      if (!(await connections.row(caller.organizationId, p))) throw notFound(M.notConnected(p));
      await queueImport(caller.organizationId, p, true);
      return statusOf(caller.organizationId, p);
    },

    /**
     * Revokes Parley's access at the CRM, then forgets the tokens and the checkpoint. A
     * revocation the CRM does not confirm (down, or the tokens already dead) still disconnects
     * here, and says so: only the CRM's admin can remove Parley there then.
     */
    async disconnect(
      caller: Caller,
      p: CrmProvider,
    ): Promise<{ message: string; revoked: boolean }> {
      const row = await connections.row(caller.organizationId, p);
      if (!row) throw notFound(M.notConnected(p));
      const revoked = await connections.revoke(row, p);
      const removed = await connections.remove(caller.organizationId, p, (tx) =>
        repo.forgetSync(tx, caller.organizationId, p),
      );
      if (!removed) throw notFound(M.notConnected(p));
      return { message: revoked ? M.disconnected(p) : M.notRevoked(p), revoked };
    },

    /** Told each meeting whose analysis finished: a call on a CRM deal gets its note. */
    async analysed(meetingId: string): Promise<void> {
      const m = await repo.meetingForNote(meetingId);
      if (m?.dealExternalId && crmProviderSchema.safeParse(m.dealSource).success) {
        await queueNote(meetingId);
      }
    },

    /**
     * Runs the import and note jobs, and asks for the automatic imports now and as often as
     * they are due; returns what stops asking.
     */
    async registerWorker(): Promise<() => void> {
      await queue.work(crmImportJob, async ({ organizationId, provider }) => {
        try {
          await importer.run(organizationId, provider);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          if (err instanceof CrmAuthError || (err instanceof AppError && err.statusCode < 500)) {
            // No retry helps until someone connects again.
            await repo.updateSync(organizationId, provider, {
              state: 'failed',
              current: null,
              error: message,
              finishedAt: now(),
              updatedAt: now(),
            });
            return;
          }
          // Retried from the checkpoint; the page shows why meanwhile.
          await repo.updateSync(organizationId, provider, { error: message, updatedAt: now() });
          throw err;
        }
      });
      await queue.work(crmImportJob.deadLetter, async ({ organizationId, provider }, run) => {
        log.warn({ organizationId, provider, reason: run.reason }, 'CRM import gave up');
        await repo.updateSync(organizationId, provider, {
          state: 'failed',
          current: null,
          error: run.reason ?? 'the import kept failing',
          finishedAt: now(),
          updatedAt: now(),
        });
      });
      await queue.work(crmNoteJob, async ({ meetingId }) => {
        try {
          await notes.write(meetingId);
        } catch (err) {
          if (err instanceof CrmAuthError || (err instanceof AppError && err.statusCode < 500)) {
            log.warn({ err, meetingId }, 'CRM note not written');
            return;
          }
          throw err;
        }
      });
      await queue.work(crmNoteJob.deadLetter, async ({ meetingId }, run) => {
        log.warn({ meetingId, reason: run.reason }, 'CRM note gave up');
      });
      if (deps.importEveryMs <= 0) return () => {};
      const ask = () => {
        queueDueImports().catch((err: unknown) =>
          log.warn({ err }, 'automatic CRM imports not queued'),
        );
      };
      ask();
      const timer = setInterval(ask, deps.importEveryMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
export type CrmService = ReturnType<typeof createCrmService>;
