import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * CRM connections (issue 16 item 7, spec 3 §7 "DELETE hubspot|salesforce"): an organisation
 * connects HubSpot or Salesforce with OAuth 2, Parley imports its accounts, deals and contacts
 * in the background, and writes a note on the deal after each analysed call linked to one.
 */

export const CRM_PROVIDERS = ['hubspot', 'salesforce'] as const;
export const crmProviderSchema = z.enum(CRM_PROVIDERS);
export type CrmProvider = z.infer<typeof crmProviderSchema>;

export const CRM_NAMES: Record<CrmProvider, string> = {
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
};

/** The variables a server needs before its CRM can be connected. */
export const CRM_SETUP_VARIABLES: Record<CrmProvider, readonly string[]> = {
  hubspot: ['HUBSPOT_CLIENT_ID', 'HUBSPOT_CLIENT_SECRET'],
  salesforce: ['SALESFORCE_CLIENT_ID', 'SALESFORCE_CLIENT_SECRET'],
};

export const CRM_MESSAGES = {
  notConfigured: (p: CrmProvider) =>
    `${CRM_NAMES[p]} is not set up on this server: set ${CRM_SETUP_VARIABLES[p].join(' and ')} and restart it.`,
  notConnected: (p: CrmProvider) => `${CRM_NAMES[p]} is not connected`,
  disconnected: (p: CrmProvider) => `${CRM_NAMES[p]} disconnected`,
  notRevoked: (p: CrmProvider) =>
    `${CRM_NAMES[p]} disconnected from Parley, but ${CRM_NAMES[p]} did not confirm that Parley’s access was revoked: remove Parley from the connected apps in ${CRM_NAMES[p]}.`,
  connected: (p: CrmProvider) => `${CRM_NAMES[p]} connected; the first import has started.`,
  cancelled: (p: CrmProvider) => `${CRM_NAMES[p]} was not connected: the sign-in was canceled.`,
  expired: (p: CrmProvider) =>
    `The ${CRM_NAMES[p]} sign-in took too long or was started in another browser. Please connect again.`,
  failed: (p: CrmProvider) => `${CRM_NAMES[p]} could not be connected. Please try again.`,
  reconnect: (p: CrmProvider) =>
    `${CRM_NAMES[p]} no longer accepts Parley’s sign-in; disconnect and connect it again.`,
  unreadable: (p: CrmProvider) =>
    `The saved ${CRM_NAMES[p]} sign-in can no longer be read; please connect it again`,
} as const;

/** What an import brings over, in the order it does (deals name accounts, contacts name deals). */
export const CRM_OBJECTS = ['accounts', 'deals', 'contacts'] as const;
export type CrmObject = (typeof CRM_OBJECTS)[number];

export const CRM_IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;

export const crmImportSchema = z.object({
  state: z.enum(CRM_IMPORT_STATES),
  /** The object being read while running. */
  current: z.enum(CRM_OBJECTS).nullable(),
  /** Rows read from the CRM and saved by this run, per object, and meetings linked to deals. */
  counts: z.object({
    accounts: z.number().int(),
    deals: z.number().int(),
    contacts: z.number().int(),
    meetingsLinked: z.number().int(),
  }),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why the last run failed, as users may read it. */
  error: z.string().nullable(),
});
export type CrmImport = z.infer<typeof crmImportSchema>;

/** One CRM as the integrations page shows it; tokens never leave the server. */
export const crmStatusSchema = z.object({
  provider: crmProviderSchema,
  name: z.string(),
  /** Whether this server has the CRM's client id and secret. */
  configured: z.boolean(),
  /** When not configured: what to set, for whoever runs the server. */
  setupHint: z.string().nullable(),
  connected: z.boolean(),
  /** The connection no longer works (refresh refused): connect again. */
  needsReconnect: z.boolean(),
  /** The CRM account's name (HubSpot's hub domain, Salesforce's organisation name). */
  accountName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  /** When the last import finished without error. */
  lastImportAt: z.string().nullable(),
  import: crmImportSchema.nullable(),
});
export type CrmStatus = z.infer<typeof crmStatusSchema>;
export const crmStatusListSchema = z.object({ data: z.array(crmStatusSchema) });

export const crmConnectResponse = z.object({
  /** The CRM's authorisation page; the browser goes there next. */
  url: z.string(),
});

export const crmDisconnectResponse = z.object({
  message: z.string(),
  /**
   * Whether the CRM confirmed the revocation of Parley's tokens. Disconnecting does not wait on
   * it: false still disconnects, and the message says to remove Parley at the CRM.
   */
  revoked: z.boolean(),
});

const tags = ['integrations'];
/**
 * What a CRM brings in (accounts, deals, contacts) and writes back are the sales data the
 * Sales Intelligence feature sells (the sales routes' feature), so connecting and importing
 * need it. Disconnecting does not: an organisation that no longer has it can still remove
 * the connection and revoke Parley's access.
 */
export const CRM_FEATURE = 'Sales Intelligence' as const;
const feature = CRM_FEATURE;

/** POST /{crm}/connect, POST /{crm}/import, DELETE /{crm}. */
function crmProviderRoutes<P extends CrmProvider>(provider: P) {
  const name = CRM_NAMES[provider];
  return {
    connect: defineRoute({
      method: 'POST',
      path: `/${provider}/connect`,
      summary: `Start connecting ${name}: the URL of its authorisation page (the callback finishes it)`,
      tags,
      auth: true,
      permission: 'integrations.manage',
      feature,
      response: crmConnectResponse,
    }),
    importNow: defineRoute({
      method: 'POST',
      path: `/${provider}/import`,
      summary: `Import ${name}’s changed accounts, deals and contacts now (a background job)`,
      tags,
      auth: true,
      permission: 'integrations.manage',
      feature,
      response: crmStatusSchema,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `/${provider}`,
      summary: `Disconnect ${name}: revoke Parley’s access at ${name} and forget its tokens (imported rows stay)`,
      tags,
      auth: true,
      permission: 'integrations.manage',
      response: crmDisconnectResponse,
    }),
  };
}

export const crmRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/crm',
    summary: 'HubSpot and Salesforce: set up, connected, account, last import and its progress',
    tags,
    auth: true,
    permission: 'meetings.upload',
    response: crmStatusListSchema,
  }),
  hubspot: crmProviderRoutes('hubspot'),
  salesforce: crmProviderRoutes('salesforce'),
} as const;

/** The browser returns here from the CRM (not a JSON route: it redirects to the page). */
export const crmCallbackPath = (provider: CrmProvider) => `/crm/${provider}/callback`;

/** The page the callback sends the browser back to, with `crm` and `crmResult` or `crmError`. */
export const CRM_RETURN_PAGE = '/app-integrations';
