import type { MeetingStage } from '@parley/contracts';

/** A connection's tokens, sealed at rest in its integration_configs row. */
export interface CrmTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms the access token stops working; null when the CRM does not say (Salesforce). */
  expiresAt: number | null;
  /** Salesforce's API origin for this organisation (the token response's instance_url). */
  instanceUrl?: string;
}

/** How a client reaches the CRM on behalf of one connection. */
export interface CrmSession {
  /** The access token, refreshed first when it is about to expire. */
  accessToken(): Promise<string>;
  /** Refreshes the tokens (after a 401); throws CrmAuthError when the CRM refuses. */
  refresh(): Promise<void>;
  /** Salesforce's API origin; null for HubSpot. */
  instanceUrl(): string | null;
}

/** One page of changed records, oldest change first. */
export interface CrmPage<T> {
  items: T[];
  /** Where the next page of the same query starts; null on the last one. */
  next: string | null;
  /**
   * The CRM will not page this query further (HubSpot's search stops at 10,000 results): ask
   * again for rows changed after the latest mark seen.
   */
  restart?: boolean;
}

/** Where a pass reads from: rows changed after `since`, from page `after`. */
export interface CrmPageRequest {
  since: string | null;
  after: string | null;
}

interface Modified {
  id: string;
  /** ISO time of the record's last change in the CRM. */
  modifiedAt: string;
}

export interface CrmCompany extends Modified {
  name: string;
  domain: string | null;
}

export interface CrmDeal extends Modified {
  name: string;
  companyId: string | null;
  /** Null when the CRM's stage is one Parley does not recognise (kept as it was). */
  stage: MeetingStage | null;
  amount: number | null;
  /** ISO 4217; null when the CRM does not say (Parley's is kept). */
  currency: string | null;
  /** YYYY-MM-DD. */
  closeDate: string | null;
  /**
   * The address of the deal's owner in the CRM (lower-case), matched to a member of the
   * organisation; null when the deal has no owner there, undefined when the CRM would not
   * say who it is (Parley's owner is kept then).
   */
  ownerEmail: string | null | undefined;
}

export interface CrmContact extends Modified {
  name: string;
  email: string | null;
  /** The deals the contact is on, with the contact's role on each. */
  deals: { id: string; role: string | null }[];
}

/** A person on a deal as the deal's own associations say (a contact role in Salesforce). */
export interface CrmDealContact {
  id: string;
  name: string;
  email: string | null;
  role: string | null;
}

/** What the write-back says about one call. */
export interface CallNote {
  title: string;
  occurredAt: Date;
  summary: string[];
  actionItems: string[];
  link: string;
  /** Written in the note so that a note whose id was lost can be found (see crm_notes). */
  marker: string | null;
}

/** One CRM as Parley uses it: OAuth 2, the three reads with paging, and the deal note. */
export interface CrmClient {
  authorizeUrl(p: { state: string; redirectUri: string }): string;
  exchangeCode(p: { code: string; redirectUri: string }): Promise<CrmTokens>;
  refresh(tokens: CrmTokens): Promise<CrmTokens>;
  /** Revokes the connection's refresh token (and with it its access) at the CRM. */
  revoke(tokens: CrmTokens): Promise<void>;
  /** A name for the connected CRM account, shown on the integrations page. */
  accountName(session: CrmSession): Promise<string>;
  companies(session: CrmSession, page: CrmPageRequest): Promise<CrmPage<CrmCompany>>;
  deals(session: CrmSession, page: CrmPageRequest): Promise<CrmPage<CrmDeal>>;
  contacts(session: CrmSession, page: CrmPageRequest): Promise<CrmPage<CrmContact>>;
  /**
   * Each deal's contacts as they stand now, read from the deals' side: an association made
   * or removed alone changes no record's last-modified mark. Every id asked for is a key.
   */
  dealContacts(session: CrmSession, dealIds: string[]): Promise<Map<string, CrmDealContact[]>>;
  /** The note on the deal carrying `marker`, created no earlier than `since`; null if none. */
  findNote(
    session: CrmSession,
    p: { dealId: string; marker: string; since: Date },
  ): Promise<string | null>;
  /** Creates the note on the deal, or updates `noteId`; returns the note's id. */
  upsertNote(
    session: CrmSession,
    p: { dealId: string; noteId: string | null; note: CallNote },
  ): Promise<string>;
}
