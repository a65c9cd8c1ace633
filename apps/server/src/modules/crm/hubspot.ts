import { z } from 'zod';
import type { MeetingStage } from '@parley/contracts';
import { CrmHttpError, bareRequest, crmJson, tokenRequest, type CrmHttp } from './http.js';
import { hubSpotNotes } from './hubspot-notes.js';
import type {
  CrmClient,
  CrmContact,
  CrmDealContact,
  CrmPage,
  CrmPageRequest,
  CrmSession,
  CrmTokens,
} from './types.js';

/**
 * HubSpot through CRM v3: OAuth 2 (authorisation code, refresh token), the search endpoint of
 * companies, deals and contacts sorted by last change (the one list that can ask for "changed
 * since"), association batch reads for which company and deals a record belongs to, the
 * owners API for who owns each deal, and notes associated with the deal.
 */
export interface HubSpotOptions {
  clientId: string;
  clientSecret: string;
  authOrigin: string;
  apiOrigin: string;
  http: CrmHttp;
}

/** Reading the three objects, and writing notes (HubSpot files notes under contacts' scope). */
const SCOPES = [
  'oauth',
  'crm.objects.companies.read',
  'crm.objects.deals.read',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  // Who owns each deal (its owner's address, matched to a member of the organisation).
  'crm.objects.owners.read',
];

/** The search endpoint pages no further than 10,000 results into one query. */
const SEARCH_WINDOW = 10_000;
const PAGE_SIZE = 100;

const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
});

const searchResponse = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      properties: z.record(z.string(), z.string().nullable().optional()),
      updatedAt: z.string().optional(),
    }),
  ),
  paging: z.object({ next: z.object({ after: z.string() }).optional() }).optional(),
});

const associationsResponse = z.object({
  results: z.array(
    z.object({
      from: z.object({ id: z.string() }),
      to: z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String) })),
    }),
  ),
});

const ownerResponse = z.object({ id: z.string(), email: z.string().nullable().optional() });

const batchResponse = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      properties: z.record(z.string(), z.string().nullable().optional()),
    }),
  ),
});

/** Records one batch read may ask for. */
const BATCH_READ = 100;

const CONTACT_PROPERTIES = ['firstname', 'lastname', 'email', 'jobtitle'];

/** A contact as Parley keeps it on a deal; the job title stands for the role. */
const personOf = (id: string, p: Record<string, string | null | undefined>): CrmDealContact => ({
  id,
  name: [p.firstname, p.lastname].filter(Boolean).join(' ').trim(),
  email: p.email?.trim().toLowerCase() || null,
  role: p.jobtitle?.trim() || null,
});

/** The default sales pipeline's stages; custom ones are left as they are in Parley. */
const STAGES: Record<string, MeetingStage> = {
  appointmentscheduled: 'prospecting_stage',
  qualifiedtobuy: 'qualification_stage',
  presentationscheduled: 'solution_presentation_stage',
  decisionmakerboughtin: 'discovery_stage',
  contractsent: 'negotiation_close_stage',
  closedwon: 'negotiation_close_stage',
  closedlost: 'negotiation_close_stage',
};

const toIso = (v: string | null | undefined): string | null => {
  if (!v) return null;
  const t = /^\d+$/.test(v) ? Number(v) : Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
};

export function createHubSpotClient(o: HubSpotOptions): CrmClient {
  const api = (path: string) => `${o.apiOrigin}${path}`;
  const tokensOf = (raw: unknown): CrmTokens => {
    const t = tokenResponse.parse(raw);
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token,
      expiresAt: Date.now() + t.expires_in * 1000,
    };
  };

  /** One page of records of `type` changed after `since`, oldest change first. */
  async function search(
    session: CrmSession,
    type: 'companies' | 'deals' | 'contacts',
    properties: string[],
    modified: string,
    page: CrmPageRequest,
  ) {
    const since = page.since ? Date.parse(page.since) : null;
    const body = {
      filterGroups:
        since === null
          ? []
          : [{ filters: [{ propertyName: modified, operator: 'GT', value: String(since) }] }],
      sorts: [{ propertyName: modified, direction: 'ASCENDING' }],
      properties: [...properties, modified],
      limit: PAGE_SIZE,
      ...(page.after ? { after: page.after } : {}),
    };
    const res = searchResponse.parse(
      await crmJson(
        o.http,
        session,
        `HubSpot ${type} search`,
        api(`/crm/v3/objects/${type}/search`),
        {
          method: 'POST',
          body,
        },
      ),
    );
    const after = res.paging?.next?.after ?? null;
    const beyond = after !== null && Number(after) + PAGE_SIZE > SEARCH_WINDOW;
    return {
      results: res.results.map((r) => ({
        id: r.id,
        p: r.properties,
        modifiedAt:
          toIso(r.properties[modified]) ?? toIso(r.updatedAt) ?? new Date(0).toISOString(),
      })),
      next: beyond ? null : after,
      restart: beyond,
    };
  }

  /** For each record, the ids of its associated `to` records. */
  async function associations(
    session: CrmSession,
    from: string,
    to: string,
    ids: string[],
  ): Promise<Map<string, string[]>> {
    if (ids.length === 0) return new Map();
    const res = associationsResponse.parse(
      await crmJson(
        o.http,
        session,
        `HubSpot ${from} to ${to} associations`,
        api(`/crm/v3/associations/${from}/${to}/batch/read`),
        { method: 'POST', body: { inputs: ids.map((id) => ({ id })) } },
      ),
    );
    return new Map(res.results.map((r) => [r.from.id, r.to.map((t) => t.id)]));
  }

  /** The owners read in this run (a session is one run): id -> address, null when none. */
  const ownersSeen = new WeakMap<CrmSession, Map<string, string | null | undefined>>();

  /** Each owner's address; undefined for one HubSpot will not show (no owners scope). */
  async function ownerEmails(session: CrmSession, ids: string[]) {
    let known = ownersSeen.get(session);
    if (!known) ownersSeen.set(session, (known = new Map()));
    for (const id of new Set(ids)) {
      if (known.has(id)) continue;
      try {
        const owner = ownerResponse.parse(
          await crmJson(
            o.http,
            session,
            'HubSpot owner',
            api(`/crm/v3/owners/${encodeURIComponent(id)}?idProperty=id`),
          ),
        );
        known.set(id, owner.email?.trim().toLowerCase() || null);
      } catch (err) {
        if (!(err instanceof CrmHttpError)) throw err;
        // Deactivated in HubSpot since: no owner Parley can name.
        if (err.status === 404) known.set(id, null);
        // A connection authorised before Parley asked to read owners: keep Parley's owner.
        else if (err.status === 403) known.set(id, undefined);
        else throw err;
      }
    }
    return known;
  }

  return {
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(`${o.authOrigin}/oauth/authorize`);
      url.searchParams.set('client_id', o.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', SCOPES.join(' '));
      url.searchParams.set('state', state);
      return url.href;
    },

    async exchangeCode({ code, redirectUri }) {
      return tokensOf(
        await tokenRequest(o.http, 'HubSpot token', api('/oauth/v1/token'), {
          grant_type: 'authorization_code',
          client_id: o.clientId,
          client_secret: o.clientSecret,
          redirect_uri: redirectUri,
          code,
        }),
      );
    },

    async refresh(tokens) {
      return tokensOf(
        await tokenRequest(o.http, 'HubSpot token refresh', api('/oauth/v1/token'), {
          grant_type: 'refresh_token',
          client_id: o.clientId,
          client_secret: o.clientSecret,
          refresh_token: tokens.refreshToken,
        }),
      );
    },

    async revoke(tokens) {
      await bareRequest(
        o.http,
        'HubSpot token revocation',
        api(`/oauth/v1/refresh-tokens/${encodeURIComponent(tokens.refreshToken)}`),
        { method: 'DELETE' },
      );
    },

    async accountName(session) {
      const token = await session.accessToken();
      const info = z
        .object({ hub_domain: z.string().optional(), hub_id: z.number().optional() })
        .parse(
          await crmJson(
            o.http,
            session,
            'HubSpot token information',
            api(`/oauth/v1/access-tokens/${encodeURIComponent(token)}`),
          ),
        );
      return info.hub_domain ?? (info.hub_id ? `Hub ${info.hub_id}` : 'HubSpot');
    },

    async companies(session, page) {
      const r = await search(session, 'companies', ['name', 'domain'], 'hs_lastmodifieddate', page);
      return {
        items: r.results.map((c) => ({
          id: c.id,
          modifiedAt: c.modifiedAt,
          name: c.p.name?.trim() || c.p.domain?.trim() || `Company ${c.id}`,
          domain: c.p.domain?.trim() || null,
        })),
        next: r.next,
        restart: r.restart,
      };
    },

    async deals(session, page) {
      const r = await search(
        session,
        'deals',
        ['dealname', 'dealstage', 'amount', 'closedate', 'deal_currency_code', 'hubspot_owner_id'],
        'hs_lastmodifieddate',
        page,
      );
      const companies = await associations(
        session,
        'deals',
        'companies',
        r.results.map((d) => d.id),
      );
      const ownerOf = (d: (typeof r.results)[number]) => d.p.hubspot_owner_id?.trim() || null;
      const owners = await ownerEmails(
        session,
        r.results.flatMap((d) => ownerOf(d) ?? []),
      );
      return {
        items: r.results.map((d) => {
          const amount = d.p.amount ? Number(d.p.amount) : null;
          const owner = ownerOf(d);
          return {
            id: d.id,
            modifiedAt: d.modifiedAt,
            name: d.p.dealname?.trim() || `Deal ${d.id}`,
            companyId: companies.get(d.id)?.[0] ?? null,
            stage: STAGES[d.p.dealstage ?? ''] ?? null,
            amount: amount !== null && Number.isFinite(amount) ? amount : null,
            currency: d.p.deal_currency_code?.trim().toUpperCase() || null,
            closeDate: toIso(d.p.closedate)?.slice(0, 10) ?? null,
            ownerEmail: owner === null ? null : owners.get(owner),
          };
        }),
        next: r.next,
        restart: r.restart,
      };
    },

    async contacts(session, page): Promise<CrmPage<CrmContact>> {
      const r = await search(session, 'contacts', CONTACT_PROPERTIES, 'lastmodifieddate', page);
      const deals = await associations(
        session,
        'contacts',
        'deals',
        r.results.map((c) => c.id),
      );
      return {
        items: r.results.map((c) => {
          const person = personOf(c.id, c.p);
          return {
            id: c.id,
            modifiedAt: c.modifiedAt,
            name: person.name,
            email: person.email,
            deals: (deals.get(c.id) ?? []).map((id) => ({ id, role: person.role })),
          };
        }),
        next: r.next,
        restart: r.restart,
      };
    },

    async dealContacts(session, dealIds) {
      const links = await associations(session, 'deals', 'contacts', dealIds);
      const ids = [...new Set([...links.values()].flat())];
      const people = new Map<string, CrmDealContact>();
      for (let i = 0; i < ids.length; i += BATCH_READ) {
        const res = batchResponse.parse(
          await crmJson(
            o.http,
            session,
            'HubSpot contacts batch read',
            api('/crm/v3/objects/contacts/batch/read'),
            {
              method: 'POST',
              body: {
                properties: CONTACT_PROPERTIES,
                inputs: ids.slice(i, i + BATCH_READ).map((id) => ({ id })),
              },
            },
          ),
        );
        for (const c of res.results) people.set(c.id, personOf(c.id, c.properties));
      }
      // A contact the batch read did not return was deleted meanwhile: not on the deal.
      return new Map(
        dealIds.map((d) => [d, (links.get(d) ?? []).flatMap((id) => people.get(id) ?? [])]),
      );
    },

    ...hubSpotNotes(o.http, api),
  };
}
