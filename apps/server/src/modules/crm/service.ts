import { z } from 'zod';
import {
  CRM_MESSAGES as M,
  CRM_NAMES,
  CRM_OBJECTS,
  CRM_PROVIDERS,
  crmProviderSchema,
  type CrmObject,
  type CrmProvider,
  type CrmStatus,
} from '@parley/contracts';
import { randomToken } from '../../platform/crypto.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { CrmCounts, CrmCursor } from '../../platform/db/schema.js';
import { CrmAuthError, CrmHttpError } from './http.js';
import { crmImportJob, crmNoteJob } from './jobs.js';
import { NO_COUNTS, type ConnectionRow, type CrmRepo, type SyncRow } from './repo.js';
import type {
  CallNote,
  CrmClient,
  CrmPage,
  CrmPageRequest,
  CrmSession,
  CrmTokens,
} from './types.js';

export interface CrmDeps {
  repo: CrmRepo;
  /** The CRMs this server can connect (client id and secret configured). */
  clients: Partial<Record<CrmProvider, CrmClient>>;
  secrets: SecretBox;
  queue: JobQueue;
  publicUrl: string;
  /** Where the CRM sends the browser back to (PUBLIC_URL + API prefix + callback path). */
  redirectUri: (provider: CrmProvider) => string;
  /** The deal whose contacts include the most of these addresses (the sales module's). */
  matchDeal: (organizationId: string, emails: readonly string[]) => Promise<string | null>;
  /** The stored summary and action items of an analysed call. */
  callNote: (
    organizationId: string,
    meetingId: string,
  ) => Promise<{ summary: string[]; actionItems: string[] }>;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** How long the user has at the CRM between Connect and the callback. */
export const CRM_FLOW_TTL_MS = 10 * 60_000;

const flowSchema = z.object({
  provider: crmProviderSchema,
  organizationId: z.string(),
  userId: z.string(),
  state: z.string().min(16),
  expiresAt: z.number(),
});
type Flow = z.infer<typeof flowSchema>;
/** The flow cookie's sealing context: a sealed credential does not open as a flow. */
const FLOW_CONTEXT = 'crm-oauth-flow';

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

const laterOf = (a: string | null, b: string | null) =>
  a === null ? b : b === null || a > b ? a : b;

export type ConnectOutcome = { ok: true } | { ok: false; message: string };

export function createCrmService(deps: CrmDeps) {
  const { repo, secrets, queue, now, log } = deps;

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
            await repo.setConnectionStatus(
              saved.organizationId,
              saved.provider,
              'reconnect',
              now(),
            );
            throw new CrmAuthError(M.reconnect(saved.provider));
          }
          throw err;
        }
        if (saved) {
          await repo.saveTokens(
            saved.organizationId,
            saved.provider,
            seal(saved.organizationId, saved.provider, tokens),
            now(),
          );
        }
      },
      instanceUrl: () => tokens.instanceUrl ?? null,
    };
    return session;
  }

  /** The organisation's connection to the CRM, ready to call; null when not connected. */
  async function connectionOf(organizationId: string, p: CrmProvider) {
    const row = await repo.connection(organizationId, p);
    if (!row) return null;
    const client = clientOf(p);
    return { client, session: sessionOn(client, opened(row, p), { organizationId, provider: p }) };
  }

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
      repo.connection(organizationId, p),
      repo.sync(organizationId, p),
    ]);
    return view(p, row ?? undefined, sync ?? undefined);
  }

  async function queueImport(organizationId: string, p: CrmProvider): Promise<void> {
    // Already queued or running: that run reads the changes this one would.
    if (await repo.queueSync(organizationId, p, now())) {
      await queue.send(crmImportJob, { organizationId, provider: p });
    }
  }

  async function queueNote(meetingId: string): Promise<void> {
    await queue.send(crmNoteJob, { meetingId });
  }

  // ---------- the import ----------

  type Reader<T> = (
    client: CrmClient,
    session: CrmSession,
    page: CrmPageRequest,
  ) => Promise<CrmPage<T>>;
  type Saver<T> = (
    organizationId: string,
    source: CrmProvider,
    items: T[],
    at: Date,
  ) => Promise<void>;
  interface Pass {
    run(
      client: CrmClient,
      session: CrmSession,
      page: CrmPageRequest,
      organizationId: string,
      source: CrmProvider,
    ): Promise<{ count: number; next: string | null; restart: boolean; high: string | null }>;
  }
  function pass<T extends { modifiedAt: string }>(read: Reader<T>, save: Saver<T>): Pass {
    return {
      async run(client, session, page, organizationId, source) {
        const got = await read(client, session, page);
        await save(organizationId, source, got.items, now());
        return {
          count: got.items.length,
          next: got.next,
          restart: got.restart ?? false,
          high: got.items.reduce<string | null>((h, i) => laterOf(h, i.modifiedAt), null),
        };
      },
    };
  }
  const PASSES: Record<CrmObject, Pass> = {
    accounts: pass((c, s, p) => c.companies(s, p), repo.upsertAccounts),
    deals: pass((c, s, p) => c.deals(s, p), repo.upsertDeals),
    contacts: pass((c, s, p) => c.contacts(s, p), repo.upsertContacts),
  };

  /** Links the organisation's unlinked calls to the deal their participants are contacts of. */
  async function linkMeetings(organizationId: string): Promise<number> {
    let linked = 0;
    for (const m of await repo.unlinkedMeetings(organizationId)) {
      if (m.emails.length === 0) continue;
      const dealId = await deps.matchDeal(organizationId, m.emails);
      if (!dealId || !(await repo.linkMeeting(organizationId, m.id, dealId, now()))) continue;
      linked += 1;
      // Analysed before it had a deal: its note is written now.
      if (m.processed) await queueNote(m.id);
    }
    return linked;
  }

  /**
   * One run: each object read page by page from its checkpoint, each page saved then
   * checkpointed, so a run that dies goes on from its last page when retried.
   */
  async function runImport(organizationId: string, p: CrmProvider): Promise<void> {
    const sync = await repo.sync(organizationId, p);
    const connection = sync ? await connectionOf(organizationId, p) : null;
    if (!sync || !connection) return; // disconnected since it was queued
    const { client, session } = connection;
    const resuming = sync.state === 'running';
    let counts: CrmCounts = resuming ? { ...NO_COUNTS, ...sync.counts } : { ...NO_COUNTS };
    const started = await repo.updateSync(organizationId, p, {
      state: 'running',
      counts,
      startedAt: resuming && sync.startedAt ? sync.startedAt : now(),
      finishedAt: null,
      updatedAt: now(),
    });
    if (!started) return;
    for (const object of CRM_OBJECTS) {
      let cursor: CrmCursor = sync.cursors[object] ?? { since: null, after: null, high: null };
      if (!(await repo.updateSync(organizationId, p, { current: object, updatedAt: now() })))
        return;
      for (;;) {
        let page;
        try {
          page = await PASSES[object].run(client, session, cursor, organizationId, p);
        } catch (err) {
          // A saved page link the CRM no longer knows (Salesforce's query locators expire):
          // read the pass again from its start; the rows already saved are upserted again.
          if (cursor.after && err instanceof CrmHttpError && [400, 404].includes(err.status)) {
            log.warn(
              { err, organizationId, provider: p, object },
              'CRM page link expired; pass restarted',
            );
            cursor = { ...cursor, after: null };
            continue;
          }
          throw err;
        }
        const high = laterOf(cursor.high, page.high);
        counts = { ...counts, [object]: counts[object] + page.count };
        cursor =
          page.next !== null
            ? { since: cursor.since, after: page.next, high }
            : { since: high ?? cursor.since, after: null, high: null };
        if (!(await repo.checkpoint(organizationId, p, object, cursor, counts, now()))) return;
        if (page.next === null && !page.restart) break;
      }
    }
    const linked = await linkMeetings(organizationId);
    counts = { ...counts, meetingsLinked: counts.meetingsLinked + linked };
    await repo.updateSync(organizationId, p, {
      state: 'done',
      current: null,
      counts,
      error: null,
      finishedAt: now(),
      lastImportAt: now(),
      updatedAt: now(),
    });
    log.info({ organizationId, provider: p, counts }, 'CRM import finished');
  }

  // ---------- the write-back ----------

  async function writeNote(meetingId: string): Promise<void> {
    const m = await repo.meetingForNote(meetingId);
    const provider = crmProviderSchema.safeParse(m?.dealSource);
    if (!m || !m.processed || !m.dealExternalId || !provider.success) return;
    const p = provider.data;
    const connection = await connectionOf(m.organizationId, p);
    if (!connection) return;
    const { client, session } = connection;
    const material = await deps.callNote(m.organizationId, m.id);
    const note: CallNote = {
      title: m.title?.trim() || m.name,
      occurredAt: m.startTime,
      summary: material.summary,
      actionItems: material.actionItems,
      link: `${deps.publicUrl}/library/${m.id}`,
    };
    const saved = await repo.note(m.id, p);
    // A call moved to another deal gets a note there; the old deal keeps its own.
    const noteId = saved?.dealExternalId === m.dealExternalId ? saved.noteExternalId : null;
    let written: string;
    try {
      written = await client.upsertNote(session, { dealId: m.dealExternalId, noteId, note });
    } catch (err) {
      // Deleted in the CRM since: write it again.
      if (!noteId || !(err instanceof CrmHttpError && err.status === 404)) throw err;
      written = await client.upsertNote(session, { dealId: m.dealExternalId, noteId: null, note });
    }
    await repo.saveNote(
      {
        organizationId: m.organizationId,
        meetingId: m.id,
        provider: p,
        dealExternalId: m.dealExternalId,
        noteExternalId: written,
      },
      now(),
    );
  }

  return {
    async status(caller: Caller): Promise<{ data: CrmStatus[] }> {
      const [rows, syncs] = await Promise.all([
        repo.connections(caller.organizationId, CRM_PROVIDERS),
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
      const client = clientOf(p);
      const flow: Flow = {
        provider: p,
        organizationId: caller.organizationId,
        userId: caller.userId,
        state: randomToken(24),
        expiresAt: Date.now() + CRM_FLOW_TTL_MS,
      };
      return {
        url: client.authorizeUrl({ state: flow.state, redirectUri: deps.redirectUri(p) }),
        flow: secrets.seal(flow, FLOW_CONTEXT),
      };
    },

    /** The callback's work: checks the state, exchanges the code, saves the connection. */
    async completeConnect(
      p: CrmProvider,
      sealedFlow: string | undefined,
      query: { code?: string; state?: string; error?: string },
    ): Promise<ConnectOutcome> {
      if (query.error === 'access_denied') return { ok: false, message: M.cancelled(p) };
      if (query.error) {
        log.warn({ provider: p, error: query.error }, 'CRM authorisation refused');
        return { ok: false, message: M.failed(p) };
      }
      let flow: Flow;
      try {
        flow = flowSchema.parse(secrets.open(sealedFlow ?? '', FLOW_CONTEXT));
      } catch {
        return { ok: false, message: M.expired(p) };
      }
      if (flow.expiresAt <= Date.now()) return { ok: false, message: M.expired(p) };
      if (flow.provider !== p || !query.state || query.state !== flow.state || !query.code) {
        return { ok: false, message: M.failed(p) };
      }
      const client = deps.clients[p];
      if (!client) return { ok: false, message: M.notConfigured(p) };
      try {
        const tokens = await client.exchangeCode({
          code: query.code,
          redirectUri: deps.redirectUri(p),
        });
        const probe = sessionOn(client, tokens, null);
        const accountName = await client.accountName(probe);
        const current = probe.current();
        await repo.saveConnection(
          flow.organizationId,
          p,
          {
            accountName,
            ...(current.instanceUrl ? { instanceUrl: current.instanceUrl } : {}),
            connectedBy: flow.userId,
          },
          seal(flow.organizationId, p, current),
          now(),
        );
      } catch (err) {
        log.warn({ err, provider: p }, 'CRM connection failed');
        return { ok: false, message: M.failed(p) };
      }
      await queueImport(flow.organizationId, p);
      return { ok: true };
    },

    async importNow(caller: Caller, p: CrmProvider): Promise<CrmStatus> {
      if (!(await repo.connection(caller.organizationId, p))) throw notFound(M.notConnected(p));
      await queueImport(caller.organizationId, p);
      return statusOf(caller.organizationId, p);
    },

    async disconnect(caller: Caller, p: CrmProvider): Promise<{ message: string }> {
      if (!(await repo.removeConnection(caller.organizationId, p)))
        throw notFound(M.notConnected(p));
      return { message: M.disconnected(p) };
    },

    /** Told each meeting whose analysis finished: a call on a CRM deal gets its note. */
    async analysed(meetingId: string): Promise<void> {
      const m = await repo.meetingForNote(meetingId);
      if (m?.dealExternalId && crmProviderSchema.safeParse(m.dealSource).success) {
        await queueNote(meetingId);
      }
    },

    async registerWorker(): Promise<void> {
      await queue.work(crmImportJob, async ({ organizationId, provider }) => {
        try {
          await runImport(organizationId, provider);
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
          await writeNote(meetingId);
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
    },
  };
}
export type CrmService = ReturnType<typeof createCrmService>;
