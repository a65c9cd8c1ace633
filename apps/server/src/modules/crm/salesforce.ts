import { z } from 'zod';
import type { MeetingStage } from '@parley/contracts';
import { bareRequest, crmJson, tokenRequest, type CrmHttp } from './http.js';
import { salesforceTasks, type SoqlPage } from './salesforce-notes.js';
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
 * Salesforce through its REST API: OAuth 2 web server flow against the login server, SOQL
 * queries ordered by SystemModstamp and paged with nextRecordsUrl (Account, Opportunity with
 * its Owner.Email and, in a multi-currency organisation, CurrencyIsoCode, and Contact with its
 * OpportunityContactRoles), and a completed Task on the Opportunity for the write-back
 * (salesforce-notes.ts).
 */
export interface SalesforceOptions {
  clientId: string;
  clientSecret: string;
  loginOrigin: string;
  http: CrmHttp;
}

export const SALESFORCE_API_VERSION = 'v60.0';

const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  instance_url: z.string().url(),
});

const queryResponse = z.object({
  done: z.boolean(),
  nextRecordsUrl: z.string().optional(),
  records: z.array(z.record(z.string(), z.unknown())),
});

/** Salesforce's standard opportunity stages; custom ones are left as they are in Parley. */
const STAGES: Record<string, MeetingStage> = {
  prospecting: 'prospecting_stage',
  qualification: 'qualification_stage',
  'needs analysis': 'discovery_stage',
  'id. decision makers': 'discovery_stage',
  'perception analysis': 'discovery_stage',
  'value proposition': 'solution_presentation_stage',
  'proposal/price quote': 'solution_presentation_stage',
  'negotiation/review': 'negotiation_close_stage',
  'closed won': 'negotiation_close_stage',
  'closed lost': 'negotiation_close_stage',
};

const describeResponse = z.object({ fields: z.array(z.object({ name: z.string() })) });

/** An opportunity's Owner relationship as a query returns it. */
const ownerOf = z
  .object({ Email: z.string().nullable().optional() })
  .nullable()
  .optional()
  .catch(null);

/** A contact role's Contact relationship as a query returns it. */
const contactOf = z
  .object({
    Name: z.string().nullable().optional(),
    Email: z.string().nullable().optional(),
    Title: z.string().nullable().optional(),
  })
  .nullable()
  .optional()
  .catch(null);

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
/** Salesforce writes times as 2024-05-01T10:00:00.000+0000. */
const iso = (v: unknown): string => {
  const t = typeof v === 'string' ? Date.parse(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) : NaN;
  return new Date(Number.isNaN(t) ? 0 : t).toISOString();
};
const hostOf = (website: string | null): string | null => {
  if (!website) return null;
  try {
    return new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`).hostname.replace(
      /^www\./,
      '',
    );
  } catch {
    return null;
  }
};

export function createSalesforceClient(o: SalesforceOptions): CrmClient {
  const tokenUrl = `${o.loginOrigin}/services/oauth2/token`;
  const origin = (session: CrmSession) => {
    const url = session.instanceUrl();
    if (!url) throw new Error('the Salesforce connection has no instance URL');
    return url.replace(/\/$/, '');
  };

  /** The first page of a SOQL query, or the page `after` (a nextRecordsUrl) of one. */
  async function query(
    session: CrmSession,
    what: string,
    soql: string,
    after: string | null,
  ): Promise<SoqlPage> {
    // nextRecordsUrl is a path on the same instance; nothing else is followed.
    const path =
      after && after.startsWith('/services/data/')
        ? after
        : `/services/data/${SALESFORCE_API_VERSION}/query?q=${encodeURIComponent(soql)}`;
    const res = queryResponse.parse(
      await crmJson(o.http, session, `Salesforce ${what} query`, `${origin(session)}${path}`),
    );
    return { records: res.records, next: res.done ? null : (res.nextRecordsUrl ?? null) };
  }

  /** Whether amounts carry their own currency, and the organisation's otherwise; once a run. */
  const currencies = new WeakMap<
    CrmSession,
    Promise<{ multi: boolean; fallback: string | null }>
  >();

  /**
   * A multi-currency organisation has CurrencyIsoCode on each opportunity (describe lists the
   * field); a single-currency one has no such field, and every amount is in its default
   * currency (Organization.DefaultCurrencyIsoCode).
   */
  function currencyOf(session: CrmSession) {
    let known = currencies.get(session);
    if (!known) {
      known = (async () => {
        const described = describeResponse.parse(
          await crmJson(
            o.http,
            session,
            'Salesforce Opportunity describe',
            `${origin(session)}/services/data/${SALESFORCE_API_VERSION}/sobjects/Opportunity/describe`,
          ),
        );
        if (described.fields.some((f) => f.name === 'CurrencyIsoCode')) {
          return { multi: true, fallback: null };
        }
        const org = await query(
          session,
          'organisation currency',
          'SELECT DefaultCurrencyIsoCode FROM Organization LIMIT 1',
          null,
        );
        return {
          multi: false,
          fallback: str(org.records[0]?.DefaultCurrencyIsoCode)?.toUpperCase() ?? null,
        };
      })();
      // A failed read is not kept: the retried run asks again.
      known.catch(() => currencies.delete(session));
      currencies.set(session, known);
    }
    return known;
  }

  /** SOQL's datetime literal is unquoted ISO 8601. */
  const changedAfter = (page: CrmPageRequest) =>
    page.since ? ` WHERE SystemModstamp > ${new Date(page.since).toISOString()}` : '';

  return {
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(`${o.loginOrigin}/services/oauth2/authorize`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', o.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', 'api refresh_token');
      url.searchParams.set('state', state);
      return url.href;
    },

    async exchangeCode({ code, redirectUri }) {
      const t = tokenResponse.parse(
        await tokenRequest(o.http, 'Salesforce token', tokenUrl, {
          grant_type: 'authorization_code',
          client_id: o.clientId,
          client_secret: o.clientSecret,
          redirect_uri: redirectUri,
          code,
        }),
      );
      if (!t.refresh_token)
        throw new Error('Salesforce gave no refresh token (scope refresh_token)');
      // Salesforce does not say when an access token ends; a 401 says it, and refreshes.
      return {
        accessToken: t.access_token,
        refreshToken: t.refresh_token,
        expiresAt: null,
        instanceUrl: t.instance_url,
      };
    },

    async refresh(tokens: CrmTokens) {
      const t = tokenResponse.parse(
        await tokenRequest(o.http, 'Salesforce token refresh', tokenUrl, {
          grant_type: 'refresh_token',
          client_id: o.clientId,
          client_secret: o.clientSecret,
          refresh_token: tokens.refreshToken,
        }),
      );
      return {
        accessToken: t.access_token,
        refreshToken: t.refresh_token ?? tokens.refreshToken,
        expiresAt: null,
        instanceUrl: t.instance_url,
      };
    },

    async revoke(tokens) {
      // Revoking the refresh token revokes the access tokens issued from it too.
      await bareRequest(
        o.http,
        'Salesforce token revocation',
        `${o.loginOrigin}/services/oauth2/revoke`,
        { method: 'POST', form: { token: tokens.refreshToken } },
      );
    },

    async accountName(session) {
      const r = await query(session, 'organisation', 'SELECT Name FROM Organization LIMIT 1', null);
      return str(r.records[0]?.Name) ?? 'Salesforce';
    },

    async companies(session, page) {
      const r = await query(
        session,
        'Account',
        `SELECT Id, Name, Website, SystemModstamp FROM Account${changedAfter(page)} ORDER BY SystemModstamp ASC, Id ASC`,
        page.after,
      );
      return {
        items: r.records.map((a) => ({
          id: String(a.Id),
          modifiedAt: iso(a.SystemModstamp),
          name: str(a.Name) ?? `Account ${String(a.Id)}`,
          domain: hostOf(str(a.Website)),
        })),
        next: r.next,
      };
    },

    async deals(session, page) {
      const money = await currencyOf(session);
      const r = await query(
        session,
        'Opportunity',
        `SELECT Id, Name, AccountId, StageName, Amount, CloseDate, SystemModstamp, Owner.Email${money.multi ? ', CurrencyIsoCode' : ''} FROM Opportunity${changedAfter(page)} ORDER BY SystemModstamp ASC, Id ASC`,
        page.after,
      );
      return {
        items: r.records.map((d) => ({
          id: String(d.Id),
          modifiedAt: iso(d.SystemModstamp),
          name: str(d.Name) ?? `Opportunity ${String(d.Id)}`,
          companyId: str(d.AccountId),
          stage: STAGES[(str(d.StageName) ?? '').toLowerCase()] ?? null,
          amount: typeof d.Amount === 'number' ? d.Amount : null,
          // A page of a query started before multi-currency was turned on has no code: the
          // organisation's currency then, as it was for every amount until then.
          currency: str(d.CurrencyIsoCode)?.toUpperCase() ?? money.fallback,
          closeDate: str(d.CloseDate)?.slice(0, 10) ?? null,
          ownerEmail: ownerOf.parse(d.Owner)?.Email?.trim().toLowerCase() || null,
        })),
        next: r.next,
      };
    },

    async contacts(session, page): Promise<CrmPage<CrmContact>> {
      const r = await query(
        session,
        'Contact',
        `SELECT Id, Name, Email, Title, SystemModstamp, (SELECT OpportunityId, Role FROM OpportunityContactRoles) FROM Contact${changedAfter(page)} ORDER BY SystemModstamp ASC, Id ASC`,
        page.after,
      );
      return {
        items: r.records.map((c) => {
          const roles = z
            .object({
              records: z.array(
                z.object({ OpportunityId: z.string(), Role: z.string().nullable().optional() }),
              ),
            })
            .nullable()
            .optional()
            .catch(null)
            .parse(c.OpportunityContactRoles);
          return {
            id: String(c.Id),
            modifiedAt: iso(c.SystemModstamp),
            name: str(c.Name) ?? '',
            email: str(c.Email)?.toLowerCase() ?? null,
            deals: (roles?.records ?? []).map((x) => ({
              id: x.OpportunityId,
              role: str(x.Role) ?? str(c.Title),
            })),
          };
        }),
        next: r.next,
      };
    },

    /** The opportunities' contact roles, with each contact's name, address and title. */
    async dealContacts(session, dealIds) {
      const found = new Map<string, CrmDealContact[]>(dealIds.map((d) => [d, []]));
      // Ids are letters and digits; anything else never reaches the query's text.
      const ids = dealIds.filter((d) => /^[A-Za-z0-9]+$/.test(d));
      if (ids.length === 0) return found;
      let r = await query(
        session,
        'OpportunityContactRole',
        `SELECT OpportunityId, Role, ContactId, Contact.Name, Contact.Email, Contact.Title FROM OpportunityContactRole WHERE OpportunityId IN (${ids.map((d) => `'${d}'`).join(', ')}) ORDER BY OpportunityId ASC, Id ASC`,
        null,
      );
      for (;;) {
        for (const role of r.records) {
          const contact = contactOf.parse(role.Contact);
          found.get(String(role.OpportunityId))?.push({
            id: String(role.ContactId),
            name: str(contact?.Name) ?? '',
            email: str(contact?.Email)?.toLowerCase() ?? null,
            role: str(role.Role) ?? str(contact?.Title),
          });
        }
        if (!r.next) return found;
        r = await query(session, 'OpportunityContactRole', '', r.next);
      }
    },

    ...salesforceTasks({
      http: o.http,
      query,
      tasks: (session) =>
        `${origin(session)}/services/data/${SALESFORCE_API_VERSION}/sobjects/Task`,
    }),
  };
}
