/** A connection's tokens, sealed at rest in its calendar_connections row. */
export interface CalendarTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms the access token stops working. */
  expiresAt: number;
}

/** How a client reaches the provider for one connection. */
export interface CalendarSession {
  /** The access token, refreshed first when it is about to expire. */
  accessToken(): Promise<string>;
  /** Refreshes the tokens (after a 401); throws CalendarAuthError when the provider refuses. */
  refresh(): Promise<void>;
}

/** One event as Parley keeps it: only events with a meeting link are kept. */
export interface CalendarEventData {
  externalId: string;
  title: string;
  startAt: Date;
  endAt: Date;
  meetingLink: string | null;
  /** The calendar's owner organises it. */
  hostedByMe: boolean;
  /** Everyone invited, the organiser included, lower-cased. */
  attendeeEmails: string[];
}

/** What one pass of a sync read: changed events, removed ids, and where the next pass starts. */
export interface CalendarChanges {
  events: CalendarEventData[];
  removed: string[];
  /** Google's nextSyncToken or Microsoft's deltaLink. */
  nextState: string;
  /** True when the pass read the whole window again (first sync, or the state had expired). */
  full: boolean;
}

/** The window a full sync reads: from a day back to two weeks ahead. */
export interface SyncWindow {
  from: Date;
  to: Date;
}

export interface CalendarClient {
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<CalendarTokens>;
  refresh(tokens: CalendarTokens): Promise<CalendarTokens>;
  /** Best effort: throws when the provider does not confirm. */
  revoke(tokens: CalendarTokens): Promise<void>;
  accountEmail(session: CalendarSession): Promise<string>;
  /**
   * Changes since `state` (null: a full read of `window`); a state the provider no longer
   * accepts (Google 410, Microsoft's expired delta) is dropped and the window read again.
   */
  changes(
    session: CalendarSession,
    state: string | null,
    window: SyncWindow,
  ): Promise<CalendarChanges>;
}

/** The provider refused the connection's refresh token: only connecting again helps. */
export class CalendarAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalendarAuthError';
  }
}

/** The provider answered with an error status. */
export class CalendarHttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    what: string,
  ) {
    super(`${what} answered ${status}${detail ? `: ${detail.slice(0, 200)}` : ''}`);
    this.name = 'CalendarHttpError';
  }
}
