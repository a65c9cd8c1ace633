import { serve, type Base } from './crm-stand-in.js';

interface HsRecord {
  id: string;
  properties: Record<string, string | null>;
  modified: number;
}

export interface HubSpotStandIn extends Base {
  companies: HsRecord[];
  deals: HsRecord[];
  contacts: HsRecord[];
  /** deal id -> company ids, contact id -> deal ids. */
  dealCompanies: Map<string, string[]>;
  contactDeals: Map<string, string[]>;
  notes: Map<string, HsNote>;
  /** Owners (hubspot_owner_id) by id. */
  owners: Map<string, { email: string; firstName: string; lastName: string }>;
  /**
   * Owners answer 403 while set: a token granted before Parley asked for the owners scope.
   */
  refuseOwners(refuse: boolean): void;
  /** Adds or changes a record, stamped as modified now. */
  put(
    type: 'companies' | 'deals' | 'contacts',
    id: string,
    properties: Record<string, string | null>,
  ): void;
}

interface HsNote {
  properties: Record<string, string>;
  dealIds: string[];
  createdAt: number;
}

const HS_MODIFIED: Record<string, string> = {
  companies: 'hs_lastmodifieddate',
  deals: 'hs_lastmodifieddate',
  contacts: 'lastmodifieddate',
};

/**
 * A local HubSpot speaking the CRM v3 endpoints Parley uses, with their payload shapes: the
 * search of companies, deals and contacts, association batch reads, owners, notes, token
 * information.
 */
export async function startHubSpotStandIn(
  opts: { pageSize?: number } = {},
): Promise<HubSpotStandIn> {
  const data = {
    companies: [] as HsRecord[],
    deals: [] as HsRecord[],
    contacts: [] as HsRecord[],
  };
  const dealCompanies = new Map<string, string[]>();
  const contactDeals = new Map<string, string[]>();
  const notes = new Map<string, HsNote>();
  const owners: HubSpotStandIn['owners'] = new Map();
  let ownersRefused = false;
  let clock = Date.parse('2025-01-01T00:00:00Z');
  let noteSerial = 9000;

  const base = await serve({
    tokenPath: '/oauth/v1/token',
    tokenReply: () => ({ token_type: 'bearer', expires_in: 1800 }),
    echoRefresh: true,
    revocation: ({ method, url }) =>
      method === 'DELETE'
        ? (/^\/oauth\/v1\/refresh-tokens\/(.+)$/.exec(url.pathname)?.[1] ?? null)
        : null,
    revokesAccess: false,
    api: ({ method, url, body }, reply) => {
      const search = /^\/crm\/v3\/objects\/(companies|deals|contacts)\/search$/.exec(url.pathname);
      if (search && method === 'POST') {
        const type = search[1] as keyof typeof data;
        const b = body as {
          filterGroups: { filters: { propertyName: string; operator: string; value: string }[] }[];
          properties: string[];
          limit: number;
          after?: string;
        };
        const gt = b.filterGroups[0]?.filters.find((f) => f.operator === 'GT');
        const since = gt ? Number(gt.value) : -Infinity;
        const rows = data[type]
          .filter((r) => r.modified > since)
          .sort((x, y) => x.modified - y.modified || Number(x.id) - Number(y.id));
        const start = Number(b.after ?? 0);
        const size = Math.min(b.limit, opts.pageSize ?? b.limit);
        const page = rows.slice(start, start + size);
        return reply(200, {
          total: rows.length,
          results: page.map((r) => ({
            id: r.id,
            properties: {
              ...Object.fromEntries(b.properties.map((p) => [p, r.properties[p] ?? null])),
              hs_object_id: r.id,
              [HS_MODIFIED[type] ?? 'hs_lastmodifieddate']: new Date(r.modified).toISOString(),
            },
            createdAt: new Date(r.modified).toISOString(),
            updatedAt: new Date(r.modified).toISOString(),
            archived: false,
          })),
          ...(start + size < rows.length
            ? { paging: { next: { after: String(start + size), link: '' } } }
            : {}),
        });
      }
      const assoc = /^\/crm\/v3\/associations\/(\w+)\/(\w+)\/batch\/read$/.exec(url.pathname);
      if (assoc && method === 'POST') {
        // Both directions of the same associations: a contact on a deal is a deal's contact.
        const dealContacts = new Map<string, string[]>();
        for (const [contact, dealIds] of contactDeals) {
          for (const d of dealIds) dealContacts.set(d, [...(dealContacts.get(d) ?? []), contact]);
        }
        const pairs: Record<string, [Map<string, string[]>, string]> = {
          'deals/companies': [dealCompanies, 'deal_to_company'],
          'contacts/deals': [contactDeals, 'contact_to_deal'],
          'deals/contacts': [dealContacts, 'deal_to_contact'],
        };
        const pair = pairs[`${assoc[1] ?? ''}/${assoc[2] ?? ''}`];
        if (!pair) return reply(400, { status: 'error', message: 'unknown association' });
        const [map, type] = pair;
        const inputs = (body as { inputs: { id: string }[] }).inputs;
        return reply(200, {
          status: 'COMPLETE',
          results: inputs
            .filter((i) => (map.get(i.id) ?? []).length > 0)
            .map((i) => ({
              from: { id: i.id },
              to: (map.get(i.id) ?? []).map((id) => ({ id, type })),
            })),
          startedAt: new Date().toISOString(),
          completedAt: new Date().toISOString(),
        });
      }
      if (url.pathname === '/crm/v3/objects/contacts/batch/read' && method === 'POST') {
        const b = body as { properties: string[]; inputs: { id: string }[] };
        if (b.inputs.length > 100) return reply(400, { status: 'error', message: 'too many' });
        return reply(200, {
          status: 'COMPLETE',
          results: b.inputs.flatMap((i) => {
            const found = data.contacts.find((c) => c.id === i.id);
            if (!found) return [];
            return [
              {
                id: found.id,
                properties: Object.fromEntries(
                  b.properties.map((p) => [p, found.properties[p] ?? null]),
                ),
                archived: false,
              },
            ];
          }),
        });
      }
      if (url.pathname === '/crm/v3/objects/notes' && method === 'POST') {
        const b = body as {
          properties: Record<string, string>;
          associations: { to: { id: string }; types: { associationTypeId: number }[] }[];
        };
        if (!b.associations.every((a) => a.types[0]?.associationTypeId === 214)) {
          return reply(400, { message: 'wrong association type' });
        }
        const id = String((noteSerial += 1));
        notes.set(id, {
          properties: b.properties,
          dealIds: b.associations.map((a) => a.to.id),
          createdAt: Date.now(),
        });
        return reply(201, { id, properties: b.properties, archived: false });
      }
      // The deal's notes created since a time, newest first (the filters Parley sends).
      if (url.pathname === '/crm/v3/objects/notes/search' && method === 'POST') {
        const b = body as {
          filterGroups: { filters: { propertyName: string; operator: string; value: string }[] }[];
          properties: string[];
          limit: number;
          after?: string;
        };
        const filters = b.filterGroups[0]?.filters ?? [];
        const matches = (n: HsNote) =>
          filters.every((f) => {
            if (f.propertyName === 'associations.deal' && f.operator === 'EQ')
              return n.dealIds.includes(f.value);
            if (f.propertyName === 'hs_createdate' && f.operator === 'GTE')
              return n.createdAt >= Number(f.value);
            throw new Error(
              `the stand-in does not search notes by ${f.propertyName} ${f.operator}`,
            );
          });
        const rows = [...notes.entries()]
          .filter(([, n]) => matches(n))
          .sort((x, y) => y[1].createdAt - x[1].createdAt);
        const start = Number(b.after ?? 0);
        const page = rows.slice(start, start + b.limit);
        return reply(200, {
          total: rows.length,
          results: page.map(([id, n]) => ({
            id,
            properties: {
              ...Object.fromEntries(b.properties.map((p) => [p, n.properties[p] ?? null])),
              hs_createdate: new Date(n.createdAt).toISOString(),
            },
            archived: false,
          })),
          ...(start + b.limit < rows.length
            ? { paging: { next: { after: String(start + b.limit), link: '' } } }
            : {}),
        });
      }
      const note = /^\/crm\/v3\/objects\/notes\/(\w+)$/.exec(url.pathname);
      if (note && method === 'PATCH') {
        const existing = notes.get(note[1] ?? '');
        if (!existing) return reply(404, { status: 'error', message: 'resource not found' });
        existing.properties = {
          ...existing.properties,
          ...(body as { properties: Record<string, string> }).properties,
        };
        return reply(200, { id: note[1], properties: existing.properties });
      }
      const owner = /^\/crm\/v3\/owners\/(\w+)$/.exec(url.pathname);
      if (owner && method === 'GET') {
        if (ownersRefused) {
          return reply(403, {
            status: 'error',
            message: "This app hasn't been granted all required scopes to make this call.",
            category: 'MISSING_SCOPES',
          });
        }
        const found = owners.get(owner[1] ?? '');
        if (!found || url.searchParams.get('idProperty') !== 'id') {
          return reply(404, {
            status: 'error',
            message: 'Owner not found',
            category: 'OBJECT_NOT_FOUND',
          });
        }
        return reply(200, {
          id: owner[1],
          ...found,
          userId: 1,
          createdAt: '2024-01-01T00:00:00.000Z',
          updatedAt: '2024-01-01T00:00:00.000Z',
          archived: false,
        });
      }
      const info = /^\/oauth\/v1\/access-tokens\/(.+)$/.exec(url.pathname);
      if (info && method === 'GET') {
        return reply(200, {
          token: info[1],
          user: 'owner@northwind.example',
          hub_domain: 'northwind.example',
          hub_id: 4242,
          app_id: 1,
          expires_in: 1700,
          user_id: 7,
          token_type: 'access',
        });
      }
      reply(404, { status: 'error', message: `no route ${method} ${url.pathname}` });
    },
    unauthorised: {
      status: 'error',
      message: 'Authentication credentials not found.',
      category: 'EXPIRED_AUTHENTICATION',
    },
  });
  return {
    ...base,
    ...data,
    dealCompanies,
    contactDeals,
    notes,
    owners,
    refuseOwners: (refuse) => {
      ownersRefused = refuse;
    },
    put(type, id, properties) {
      clock += 60_000;
      const list = data[type];
      const found = list.find((r) => r.id === id);
      if (found) {
        found.properties = { ...found.properties, ...properties };
        found.modified = clock;
      } else list.push({ id, properties, modified: clock });
    },
  };
}
