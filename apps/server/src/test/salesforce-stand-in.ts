import { serve, type Base } from './crm-stand-in.js';

interface SfRecord {
  Id: string;
  SystemModstamp: number;
  [field: string]: unknown;
}

export interface SalesforceStandIn extends Base {
  accounts: SfRecord[];
  opportunities: SfRecord[];
  contacts: SfRecord[];
  /** OpportunityContactRole rows. */
  roles: { ContactId: string; OpportunityId: string; Role: string | null }[];
  tasks: Map<string, Record<string, unknown>>;
  /** Users, who own opportunities (OwnerId). */
  users: { Id: string; Email: string }[];
  /**
   * The organisation's currencies: with multi-currency on, opportunities have CurrencyIsoCode;
   * without, asking for that field is an error and every amount is in the default currency.
   */
  currency: { multi: boolean; default: string };
  put(
    type: 'Account' | 'Opportunity' | 'Contact',
    record: { Id: string } & Record<string, unknown>,
  ): void;
}

/** 2025-01-01T00:01:00.000+0000, as Salesforce writes times. */
const sfTime = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000');

/**
 * A local Salesforce speaking the REST endpoints Parley uses, with their payload shapes: SOQL
 * queries paged by nextRecordsUrl (Account, Opportunity with its Owner and, in a multi-currency
 * organisation, CurrencyIsoCode, Contact with its contact roles, Organization), the describe
 * of Opportunity, and Tasks.
 */
export async function startSalesforceStandIn(
  opts: { pageSize?: number } = {},
): Promise<SalesforceStandIn> {
  const data = {
    Account: [] as SfRecord[],
    Opportunity: [] as SfRecord[],
    Contact: [] as SfRecord[],
  };
  const roles: SalesforceStandIn['roles'] = [];
  const users: SalesforceStandIn['users'] = [];
  const currency = { multi: false, default: 'GBP' };
  const OPPORTUNITY_FIELDS = [
    'Id',
    'Name',
    'AccountId',
    'StageName',
    'Amount',
    'CloseDate',
    'OwnerId',
    'SystemModstamp',
  ];
  const tasks = new Map<string, Record<string, unknown>>();
  const cursors = new Map<string, { records: unknown[]; offset: number }>();
  let clock = Date.parse('2025-01-01T00:00:00Z');
  let serial = 0;
  const V = '/services/data/v60.0';
  const size = opts.pageSize ?? 2000;

  const pageOf = (records: unknown[], offset: number) => {
    const end = offset + size;
    let next: string | undefined;
    if (end < records.length) {
      const locator = `01gD0000000${(serial += 1)}`;
      cursors.set(locator, { records, offset: end });
      next = `${V}/query/${locator}-${end}`;
    }
    return {
      totalSize: records.length,
      done: next === undefined,
      ...(next ? { nextRecordsUrl: next } : {}),
      records: records.slice(offset, end),
    };
  };

  const base = await serve({
    tokenPath: '/services/oauth2/token',
    tokenReply: (origin) => ({
      instance_url: origin,
      id: `${origin}/id/00D000000000001/005000000000001`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      signature: 'c2lnbmF0dXJl',
      scope: 'api refresh_token',
    }),
    echoRefresh: false,
    revocation: ({ method, url, form }) =>
      method === 'POST' && url.pathname === '/services/oauth2/revoke'
        ? (form.get('token') ?? '')
        : null,
    revokesAccess: true,
    api: ({ method, url, body }, reply) => {
      if (url.pathname === `${V}/query` && method === 'GET') {
        const q = url.searchParams.get('q') ?? '';
        // A Task of an opportunity created since a time (the one Task query Parley makes).
        const taskQuery =
          /FROM Task WHERE WhatId = '(\w+)' AND CreatedDate >= (\S+) ORDER BY CreatedDate DESC$/.exec(
            q,
          );
        if (taskQuery) {
          const since = Date.parse(taskQuery[2] ?? '');
          const found = [...tasks.entries()]
            .filter(([, t]) => t.WhatId === taskQuery[1] && Number(t.CreatedDate) >= since)
            .sort((a, b) => Number(b[1].CreatedDate) - Number(a[1].CreatedDate))
            .map(([id, t]) => ({
              attributes: { type: 'Task', url: `${V}/sobjects/Task/${id}` },
              Id: id,
              Description: t.Description ?? null,
            }));
          return reply(200, pageOf(found, 0));
        }
        // The contact roles of some opportunities, with each contact's fields.
        const roleQuery = /FROM OpportunityContactRole WHERE OpportunityId IN \(([^)]*)\)/.exec(q);
        if (roleQuery) {
          const ids = (roleQuery[1] ?? '').split(',').map((x) => x.trim().replace(/^'|'$/g, ''));
          const found = roles
            .filter((x) => ids.includes(x.OpportunityId))
            .map((x) => {
              const c = data.Contact.find((r) => r.Id === x.ContactId);
              return {
                attributes: { type: 'OpportunityContactRole' },
                OpportunityId: x.OpportunityId,
                Role: x.Role,
                ContactId: x.ContactId,
                Contact: c
                  ? {
                      attributes: { type: 'Contact' },
                      Name: c.Name,
                      Email: c.Email,
                      Title: c.Title,
                    }
                  : null,
              };
            });
          return reply(200, pageOf(found, 0));
        }
        const from = /FROM (\w+)(?: WHERE SystemModstamp > (\S+))?/.exec(
          q.replace(/\(SELECT[^)]*\)/g, ''),
        );
        const object = from?.[1] ?? '';
        const selected = (/^SELECT (.+?) FROM /.exec(q.replace(/\(SELECT[^)]*\)/g, ''))?.[1] ?? '')
          .split(',')
          .map((f) => f.trim());
        if (object === 'Organization') {
          const org = { Name: 'Contoso Ltd', DefaultCurrencyIsoCode: currency.default };
          return reply(
            200,
            pageOf(
              [
                {
                  attributes: { type: 'Organization' },
                  ...Object.fromEntries(
                    selected.map((f) => [f, org[f as keyof typeof org] ?? null]),
                  ),
                },
              ],
              0,
            ),
          );
        }
        if (selected.includes('CurrencyIsoCode') && !currency.multi) {
          return reply(400, [
            {
              message: `No such column 'CurrencyIsoCode' on entity '${object}'.`,
              errorCode: 'INVALID_FIELD',
            },
          ]);
        }
        const rows = data[object as keyof typeof data];
        if (!rows)
          return reply(400, [
            { message: `sObject type '${object}' is not supported.`, errorCode: 'INVALID_TYPE' },
          ]);
        const since = from?.[2] ? Date.parse(from[2]) : -Infinity;
        const records = rows
          .filter((r) => r.SystemModstamp > since)
          .sort((a, b) => a.SystemModstamp - b.SystemModstamp || a.Id.localeCompare(b.Id))
          .map(({ SystemModstamp, CurrencyIsoCode, ...r }) => {
            const own = roles.filter((x) => x.ContactId === r.Id);
            const owner = users.find((u) => u.Id === r.OwnerId);
            return {
              attributes: { type: object, url: `${V}/sobjects/${object}/${r.Id}` },
              ...r,
              SystemModstamp: sfTime(SystemModstamp),
              ...(selected.includes('CurrencyIsoCode') ? { CurrencyIsoCode } : {}),
              ...(selected.includes('Owner.Email')
                ? { Owner: owner ? { attributes: { type: 'User' }, Email: owner.Email } : null }
                : {}),
              ...(object === 'Contact'
                ? {
                    OpportunityContactRoles: own.length
                      ? {
                          totalSize: own.length,
                          done: true,
                          records: own.map((x) => ({
                            attributes: { type: 'OpportunityContactRole' },
                            OpportunityId: x.OpportunityId,
                            Role: x.Role,
                          })),
                        }
                      : null,
                  }
                : {}),
            };
          });
        return reply(200, pageOf(records, 0));
      }
      if (url.pathname === `${V}/sobjects/Opportunity/describe` && method === 'GET') {
        const names = [...OPPORTUNITY_FIELDS, ...(currency.multi ? ['CurrencyIsoCode'] : [])];
        return reply(200, {
          name: 'Opportunity',
          fields: names.map((name) => ({ name, type: name === 'Amount' ? 'currency' : 'string' })),
        });
      }
      const more = new RegExp(`^${V}/query/(\\w+)-(\\d+)$`).exec(url.pathname);
      if (more && method === 'GET') {
        const cursor = cursors.get(more[1] ?? '');
        if (!cursor)
          return reply(400, [
            { message: 'invalid query locator', errorCode: 'INVALID_QUERY_LOCATOR' },
          ]);
        return reply(200, pageOf(cursor.records, cursor.offset));
      }
      if (url.pathname === `${V}/sobjects/Task` && method === 'POST') {
        const id = `00T00000000${(serial += 1)}`;
        tasks.set(id, { ...(body as Record<string, unknown>), CreatedDate: Date.now() });
        return reply(201, { id, success: true, errors: [] });
      }
      const task = new RegExp(`^${V}/sobjects/Task/(\\w+)$`).exec(url.pathname);
      if (task && method === 'PATCH') {
        const existing = tasks.get(task[1] ?? '');
        if (!existing)
          return reply(404, [
            { errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' },
          ]);
        tasks.set(task[1] ?? '', { ...existing, ...(body as Record<string, unknown>) });
        return reply(204);
      }
      reply(404, [{ errorCode: 'NOT_FOUND', message: `no route ${method} ${url.pathname}` }]);
    },
    unauthorised: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }],
  });
  return {
    ...base,
    accounts: data.Account,
    opportunities: data.Opportunity,
    contacts: data.Contact,
    roles,
    tasks,
    users,
    currency,
    put(type, record) {
      clock += 60_000;
      const list = data[type];
      const found = list.find((r) => r.Id === record.Id);
      if (found) Object.assign(found, record, { SystemModstamp: clock });
      else list.push({ ...record, Id: record.Id, SystemModstamp: clock });
    },
  };
}
