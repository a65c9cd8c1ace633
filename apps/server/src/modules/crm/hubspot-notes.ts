import { z } from 'zod';
import { crmJson, escapeHtml, type CrmHttp } from './http.js';
import type { CrmClient, CallNote } from './types.js';

/** HUBSPOT_DEFINED association type of a note to a deal. */
const NOTE_TO_DEAL = 214;
/** How far HubSpot's clock may be behind Parley's when looking for a note made since a claim. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Notes made on one deal since a claim that are read before giving up the search. */
const SEARCH_PAGES = 10;

const objectResponse = z.object({ id: z.string() });

const notesFound = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      properties: z.record(z.string(), z.string().nullable().optional()),
    }),
  ),
  paging: z.object({ next: z.object({ after: z.string() }).optional() }).optional(),
});

function noteBody(note: CallNote): string {
  const list = (items: string[]) =>
    items.length
      ? `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`
      : '<p>None.</p>';
  return [
    `<p><strong>${escapeHtml(note.title)}</strong> (analyzed by Parley)</p>`,
    `<p><strong>Summary</strong></p>`,
    list(note.summary),
    `<p><strong>Action items</strong></p>`,
    list(note.actionItems),
    `<p><a href="${escapeHtml(note.link)}">Open the call in Parley</a></p>`,
    ...(note.marker ? [`<p><small>Parley reference ${escapeHtml(note.marker)}</small></p>`] : []),
  ].join('');
}

/**
 * The write-back as HubSpot notes associated with the deal, and the search that finds one by
 * its marker: the deal's notes created since the claim, newest first, whose body carries it
 * (the body is matched here rather than by a search operator, so how HubSpot tokenises rich
 * text does not matter).
 */
export function hubSpotNotes(
  http: CrmHttp,
  api: (path: string) => string,
): Pick<CrmClient, 'upsertNote' | 'findNote'> {
  return {
    async findNote(session, { dealId, marker, since }) {
      let after: string | null = null;
      for (let page = 0; page < SEARCH_PAGES; page++) {
        const found = notesFound.parse(
          await crmJson(http, session, 'HubSpot note search', api('/crm/v3/objects/notes/search'), {
            method: 'POST',
            body: {
              filterGroups: [
                {
                  filters: [
                    { propertyName: 'associations.deal', operator: 'EQ', value: dealId },
                    {
                      propertyName: 'hs_createdate',
                      operator: 'GTE',
                      value: String(since.getTime() - CLOCK_SKEW_MS),
                    },
                  ],
                },
              ],
              sorts: [{ propertyName: 'hs_createdate', direction: 'DESCENDING' }],
              properties: ['hs_note_body'],
              limit: 100,
              ...(after ? { after } : {}),
            },
          }),
        );
        const hit = found.results.find((r) => r.properties.hs_note_body?.includes(marker));
        if (hit) return hit.id;
        after = found.paging?.next?.after ?? null;
        if (!after) break;
      }
      return null;
    },

    async upsertNote(session, { dealId, noteId, note }) {
      const properties = {
        hs_timestamp: note.occurredAt.toISOString(),
        hs_note_body: noteBody(note),
      };
      if (noteId) {
        await crmJson(
          http,
          session,
          'HubSpot note update',
          api(`/crm/v3/objects/notes/${encodeURIComponent(noteId)}`),
          { method: 'PATCH', body: { properties } },
        );
        return noteId;
      }
      const created = objectResponse.parse(
        await crmJson(http, session, 'HubSpot note', api('/crm/v3/objects/notes'), {
          method: 'POST',
          body: {
            properties,
            associations: [
              {
                to: { id: dealId },
                types: [
                  { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_DEAL },
                ],
              },
            ],
          },
        }),
      );
      return created.id;
    },
  };
}
