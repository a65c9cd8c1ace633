import { z } from 'zod';
import { crmJson, type CrmHttp } from './http.js';
import type { CallNote, CrmClient, CrmSession } from './types.js';

/** How far Salesforce's clock may be behind Parley's when looking for a Task made since a claim. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** One page of a SOQL query, and where the next one is. */
export interface SoqlPage {
  records: Record<string, unknown>[];
  next: string | null;
}

export interface SalesforceTaskOptions {
  http: CrmHttp;
  /** The first page of a SOQL query, or the page `after` (a nextRecordsUrl) of one. */
  query(session: CrmSession, what: string, soql: string, after: string | null): Promise<SoqlPage>;
  /** The instance's Task resource. */
  tasks(session: CrmSession): string;
}

/** Plain text within the field's 32,000 characters, the marker always last and whole. */
function description(note: CallNote): string {
  const list = (items: string[]) =>
    items.length ? items.map((i) => `- ${i}`).join('\n') : 'None.';
  const footer = note.marker ? `\n\nParley reference ${note.marker}` : '';
  const body = [
    `${note.title} (analyzed by Parley)`,
    '',
    'Summary',
    list(note.summary),
    '',
    'Action items',
    list(note.actionItems),
    '',
    `Open the call in Parley: ${note.link}`,
  ].join('\n');
  return body.slice(0, 32_000 - footer.length) + footer;
}

/**
 * The write-back as a completed Task on the Opportunity. Why a Task rather than a Note or
 * ContentNote: a completed Task with TaskSubtype 'Call' is how Salesforce itself logs a call,
 * it shows in the Opportunity's activity timeline in Lightning and Classic alike, it is one
 * record created with WhatId and updated by id with a plain-text Description. A classic Note
 * is hidden under Lightning's enhanced notes, and a ContentNote needs base64 HTML plus a
 * separate ContentDocumentLink to reach the deal.
 */
export function salesforceTasks(
  o: SalesforceTaskOptions,
): Pick<CrmClient, 'findNote' | 'upsertNote'> {
  return {
    /**
     * The opportunity's Tasks created since the claim whose Description carries the marker
     * (a long text field, which SOQL cannot filter on: it is matched here).
     */
    async findNote(session, { dealId, marker, since }) {
      // Salesforce ids are letters and digits: anything else is no opportunity of ours, and
      // never reaches the query's text.
      if (!/^[A-Za-z0-9]+$/.test(dealId)) return null;
      const from = new Date(since.getTime() - CLOCK_SKEW_MS).toISOString();
      let r = await o.query(
        session,
        'Task',
        `SELECT Id, Description FROM Task WHERE WhatId = '${dealId}' AND CreatedDate >= ${from} ORDER BY CreatedDate DESC`,
        null,
      );
      for (;;) {
        const hit = r.records.find(
          (t) => typeof t.Description === 'string' && t.Description.includes(marker),
        );
        if (hit) return String(hit.Id);
        if (!r.next) return null;
        r = await o.query(session, 'Task', '', r.next);
      }
    },

    async upsertNote(session, { dealId, noteId, note }) {
      const fields = {
        Subject: `Call: ${note.title}`.slice(0, 255),
        Description: description(note),
        ActivityDate: note.occurredAt.toISOString().slice(0, 10),
        Status: 'Completed',
      };
      if (noteId) {
        await crmJson(
          o.http,
          session,
          'Salesforce task update',
          `${o.tasks(session)}/${encodeURIComponent(noteId)}`,
          { method: 'PATCH', body: fields },
        );
        return noteId;
      }
      const created = z.object({ id: z.string() }).parse(
        await crmJson(o.http, session, 'Salesforce task', o.tasks(session), {
          method: 'POST',
          body: { ...fields, WhatId: dealId, TaskSubtype: 'Call' },
        }),
      );
      return created.id;
    },
  };
}
