import { CRM_OBJECTS, type CrmObject, type CrmProvider } from '@parley/contracts';
import type { CrmAssociationPass, CrmCounts, CrmCursor } from '../../platform/db/schema.js';
import type { CrmConnections } from './connections.js';
import { CrmHttpError } from './http.js';
import { NO_COUNTS, type CrmRepo, type SyncRow } from './repo.js';
import type { CrmClient, CrmPage, CrmPageRequest, CrmSession } from './types.js';

export interface ImportDeps {
  repo: CrmRepo;
  connections: CrmConnections;
  /** The deal whose contacts include the most of these addresses (the sales module's). */
  matchDeal: (organizationId: string, emails: readonly string[]) => Promise<string | null>;
  /** The ids of the organisation's active members by address (the users module's). */
  membersByEmail: (
    organizationId: string,
    emails: readonly string[],
  ) => Promise<ReadonlyMap<string, string>>;
  /** A call linked to a deal after its analysis gets its note written now. */
  queueNote: (meetingId: string) => Promise<void>;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** A full re-read of every imported deal's contacts is due this long after the last. */
export const FULL_ASSOCIATION_PASS_MS = 24 * 3600_000;
/** Deals whose contacts are read again in one go. */
const ASSOCIATION_BATCH = 100;

const laterOf = (a: string | null, b: string | null) =>
  a === null ? b : b === null || a > b ? a : b;

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

/**
 * The import of one organisation's CRM: accounts, deals and contacts read page by page from
 * each object's checkpoint, then the organisation's unlinked calls matched to deals.
 */
export function createCrmImport(deps: ImportDeps) {
  const { repo, now, log } = deps;

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
    deals: pass(
      (c, s, p) => c.deals(s, p),
      async (organizationId, source, items, at) => {
        const owners = items.flatMap((d) => d.ownerEmail ?? []);
        const members = await deps.membersByEmail(organizationId, owners);
        await repo.upsertDeals(organizationId, source, items, at, members);
      },
    ),
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
      if (m.processed) await deps.queueNote(m.id);
    }
    return linked;
  }

  /**
   * Deals' contacts read again from the deals' side: associating a contact with a deal, or
   * taking it off, changes neither record's last-modified mark, so the incremental reads miss
   * it. Every imported deal when a full pass is due (a day after the last, or asked for by
   * Import now), else the deals this run saved. Checkpointed after each batch; false when
   * the connection went meanwhile.
   */
  async function associationPass(
    organizationId: string,
    p: CrmProvider,
    client: CrmClient,
    session: CrmSession,
    sync: SyncRow,
  ): Promise<boolean> {
    const checked = sync.associationsCheckedAt?.getTime() ?? null;
    let pass: CrmAssociationPass = sync.associationPass ?? {
      full: checked === null || now().getTime() - checked >= FULL_ASSOCIATION_PASS_MS,
      after: null,
    };
    const since = pass.full ? null : sync.startedAt;
    for (;;) {
      const batch = await repo.importedDeals(organizationId, p, {
        after: pass.after,
        since,
        limit: ASSOCIATION_BATCH,
      });
      const last = batch.at(-1);
      if (!last) break;
      const ids = batch.flatMap((d) => d.externalId ?? []);
      const contacts = await client.dealContacts(session, ids);
      for (const d of batch) {
        if (!d.externalId) continue;
        const onDeal = contacts.get(d.externalId) ?? [];
        await repo.replaceDealContacts(organizationId, p, d.id, onDeal, now());
      }
      pass = { ...pass, after: last.id };
      if (!(await repo.updateSync(organizationId, p, { associationPass: pass, updatedAt: now() })))
        return false;
    }
    return Boolean(
      await repo.updateSync(organizationId, p, {
        associationPass: null,
        ...(pass.full ? { associationsCheckedAt: now() } : {}),
        updatedAt: now(),
      }),
    );
  }

  /**
   * One run: each object read page by page from its checkpoint, each page saved then
   * checkpointed, so a run that dies goes on from its last page when retried; then the
   * deals' contacts read again (associationPass) and calls linked to deals.
   */
  async function run(organizationId: string, p: CrmProvider): Promise<void> {
    const sync = await repo.sync(organizationId, p);
    const connection = sync ? await deps.connections.open(organizationId, p) : null;
    if (!sync || !connection) return; // disconnected since it was queued
    const { client, session } = connection;
    const resuming = sync.state === 'running';
    let counts: CrmCounts = resuming ? { ...NO_COUNTS, ...sync.counts } : { ...NO_COUNTS };
    const started = await repo.updateSync(organizationId, p, {
      state: 'running',
      counts,
      startedAt: resuming && sync.startedAt ? sync.startedAt : now(),
      finishedAt: null,
      // A pass left by a run that failed for good is not this run's to go on with.
      ...(resuming ? {} : { associationPass: null }),
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
    if (!(await associationPass(organizationId, p, client, session, started))) return;
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

  return { run };
}
