import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmNotes } from '../../platform/db/schema.js';
import { after, startCrmApp, type CrmApp } from '../../test/crm-kit.js';
import { waitFor } from '../../test/media.js';

/**
 * Issue 16 item 7, the write-back: after each analysed call on a CRM deal, one note on the
 * deal (a completed call Task in Salesforce) with the summary, action items and a link, and
 * a re-analysis updates that note rather than adding another.
 */

let app: CrmApp;

beforeAll(async () => {
  app = await startCrmApp();
}, 60_000);
afterAll(async () => app?.close());

const noteRow = async (meetingId: string) => {
  const [row] = await app.ctx.database.db
    .select()
    .from(crmNotes)
    .where(eq(crmNotes.meetingId, meetingId));
  return row;
};

describe('HubSpot', () => {
  it('writes one note on the deal after the call is analysed, and updates it on re-analysis', async () => {
    // Analysed before its deal was in Parley: linked by the import, then written.
    const callId = await app.callWith('Northwind QBR', 'ann.lee@northwind.example', {
      summary: ['Budget approved.'],
      actions: ['Ann sends the PO by Friday.'],
    });
    await app.connect('hubspot');
    await app.imported('hubspot');

    const first = await waitFor(
      async () =>
        [...app.hs.notes.values()].length === 1 ? [...app.hs.notes.entries()] : undefined,
      20_000,
      'the note',
    );
    const [noteId, note] = first[0] ?? [
      '',
      { properties: {} as Record<string, string>, dealIds: [] as string[] },
    ];
    expect(note.dealIds).toEqual(['101']);
    expect(note.properties.hs_note_body).toContain('Northwind QBR');
    expect(note.properties.hs_note_body).toContain('<li>Budget approved.</li>');
    expect(note.properties.hs_note_body).toContain('<li>Ann sends the PO by Friday.</li>');
    expect(note.properties.hs_note_body).toContain(`${app.ctx.config.publicUrl}/library/${callId}`);

    await app.setInsights(callId, ['Budget approved, & signed.'], ['Ann sends the PO on Monday.']);
    await app.reanalyse(callId);
    await waitFor(
      async () =>
        app.hs.notes.get(noteId)?.properties.hs_note_body?.includes('Monday') ? true : undefined,
      20_000,
      'the note to be updated',
    );
    expect(app.hs.notes.size).toBe(1);
    expect(app.hs.notes.get(noteId)?.properties.hs_note_body).toContain(
      'Budget approved, &amp; signed.',
    );
    expect(
      app.hs.seen.filter((s) => s.method === 'POST' && s.path === '/crm/v3/objects/notes'),
    ).toHaveLength(1);
    const kept = await app.ctx.database.db
      .select()
      .from(crmNotes)
      .where(eq(crmNotes.meetingId, callId));
    expect(kept.map((n) => [n.provider, n.dealExternalId, n.noteExternalId])).toEqual([
      ['hubspot', '101', noteId],
    ]);
  });
  it('writes the note once when the answer to its creation was lost', async () => {
    // Another call, analysed, then linked to one of Bo's deals by an import.
    const callId = await app.callWith('Globex kickoff', 'bo@globex.example', {
      summary: ['Pilot scoped.'],
      actions: ['Bo sends a data sample.'],
    });
    const mark = app.hs.seen.length;
    // HubSpot creates the note, but Parley never hears back (its process stopped there).
    app.hs.dropOnce((s) => s.method === 'POST' && s.path === '/crm/v3/objects/notes');
    await app.importNow('hubspot');
    const kept = await waitFor(
      async () => ((await noteRow(callId))?.noteExternalId ? noteRow(callId) : undefined),
      20_000,
      'the note id to be kept',
    );
    const mine = [...app.hs.notes.entries()].filter(([, n]) =>
      n.properties.hs_note_body?.includes(`/library/${callId}`),
    );
    expect(mine).toHaveLength(1);
    const [noteId, note] = mine[0] ?? [
      '',
      { properties: {} as Record<string, string>, dealIds: [] as string[] },
    ];
    expect(kept?.noteExternalId).toBe(noteId);
    expect(note.properties.hs_note_body).toContain(`Parley reference ${kept?.marker ?? '?'}`);
    // The retry looked it up by its marker and wrote it, rather than creating another.
    const calls = after(app.hs, mark)
      .filter((s) => s.path.startsWith('/crm/v3/objects/notes'))
      .map((s) => [s.method, s.path]);
    expect(calls).toEqual([
      ['POST', '/crm/v3/objects/notes'],
      ['POST', '/crm/v3/objects/notes/search'],
      ['PATCH', `/crm/v3/objects/notes/${noteId}`],
    ]);
  });
});

describe('Salesforce', () => {
  it('logs the analysed call as a completed Task on the opportunity, updated on re-analysis', async () => {
    const callId = await app.callWith('Contoso discovery', 'dee@contoso.example', {
      summary: ['Needs SSO.'],
      actions: ['Dee books the security review.'],
    });
    await app.connect('salesforce');
    await app.imported('salesforce');

    const [taskId, task] = await waitFor(
      async () => [...app.sf.tasks.entries()][0],
      20_000,
      'the task',
    );
    expect(task).toMatchObject({
      WhatId: '006A',
      Status: 'Completed',
      TaskSubtype: 'Call',
      Subject: 'Call: Contoso discovery',
    });
    expect(task.Description).toContain('- Dee books the security review.');
    expect(task.Description).toContain(`/library/${callId}`);

    await app.setInsights(callId, ['Needs SSO and SCIM.'], []);
    await app.reanalyse(callId);
    await waitFor(
      async () =>
        String(app.sf.tasks.get(taskId)?.Description).includes('SCIM') ? true : undefined,
      20_000,
      'the task update',
    );
    expect(app.sf.tasks.size).toBe(1);
  });

  it('writes the Task once when the answer to its creation was lost', async () => {
    const callId = await app.callWith('Fabrikam check-in', 'eli@fabrikam.example', {
      summary: ['Trial extended.'],
      actions: ['Eli confirms the seats.'],
    });
    const mark = app.sf.seen.length;
    app.sf.dropOnce((s) => s.method === 'POST' && s.path.endsWith('/sobjects/Task'));
    await app.importNow('salesforce');
    const kept = await waitFor(
      async () => ((await noteRow(callId))?.noteExternalId ? noteRow(callId) : undefined),
      20_000,
      'the task id to be kept',
    );
    const mine = [...app.sf.tasks.entries()].filter(([, t]) =>
      String(t.Description).includes(`/library/${callId}`),
    );
    expect(mine).toHaveLength(1);
    const [taskId, task] = mine[0] ?? ['', {}];
    expect(kept?.noteExternalId).toBe(taskId);
    expect(String(task.Description)).toMatch(
      new RegExp(`Parley reference ${kept?.marker ?? '?'}$`),
    );
    const calls = after(app.sf, mark)
      .filter((s) => s.path.includes('/sobjects/Task') || s.path.includes('FROM%20Task'))
      .map((s) => s.method);
    expect(calls).toEqual(['POST', 'GET', 'PATCH']);
  });
});
