import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_ROLE_PERMISSIONS, highlightRoutes, type Highlight } from '@parley/contracts';
import { setAuthenticated } from '../../lib/auth-store';
import { fakeServer, json } from '../../test/fake-server';
import { setUpPageTests } from '../../test/page-setup';
import { renderWithProviders } from '../../test/render';
import { authSuccess, signInWith } from '../../test/sign-in';
import type { TranscriptMoment } from '../transcripts';
import { HighlightDialog, HighlightsPanel, useHighlightsOnPage } from '.';

const MEETING = '4f1c2b3a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const SLOW = { timeout: 5000 };
const moment: TranscriptMoment = {
  start: 62,
  end: 100.5,
  text: 'Speaker 1: Our budget for this quarter is forty thousand dollars\nSpeaker 2: Good',
  label: '00:01:02 – 00:01:40',
};

/** The meeting page's part: the transcript's Create highlight, the panel, the dialog, the bar. */
function Harness({ onSeek }: { onSeek(t: number): void }) {
  const h = useHighlightsOnPage(MEETING);
  return (
    <>
      {h.create ? <button onClick={() => h.create?.(moment)}>From transcript</button> : null}
      <output data-testid="bar">
        {h.segments.map((s) => `${s.color}:${s.start}-${s.end}`).join(' ')}
      </output>
      <HighlightsPanel meetingId={MEETING} onSeek={onSeek} onEdit={h.edit} />
      <HighlightDialog meetingId={MEETING} {...h.dialog} />
    </>
  );
}

function serve(initial: Highlight[] = []) {
  let rows = [...initial];
  let n = 0;
  const server = fakeServer()
    .on(highlightRoutes.list, () => rows)
    .on(highlightRoutes.create, ({ body }) => {
      const b = body as Omit<Highlight, 'id' | 'userId' | 'createdAt'>;
      const row: Highlight = {
        id: `h${++n}`,
        userId: 'u1',
        createdAt: new Date(2026, 0, n).toISOString(),
        ...b,
        note: b.note ?? null,
      };
      rows.push(row);
      return row;
    })
    .on(highlightRoutes.update, ({ params, body }) => {
      const row = { ...rows.find((r) => r.id === params.id)!, ...(body as Partial<Highlight>) };
      rows = rows.map((r) => (r.id === row.id ? row : r));
      return row;
    })
    .on(highlightRoutes.remove, ({ params }) => {
      rows = rows.filter((r) => r.id !== params.id);
      return { message: 'Highlight deleted' };
    });
  return server;
}

const saved = (over: Partial<Highlight>): Highlight => ({
  id: 'x1',
  meetingId: MEETING,
  userId: 'someone-else',
  startTime: 10,
  endTime: 20,
  title: 'Intro',
  note: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

setUpPageTests();

describe('highlights on the meeting page', { timeout: 20_000 }, () => {
  it('creates one from a transcript selection, lists it, seeks, edits and deletes it', async () => {
    signInWith(['Essentials']);
    const server = serve();
    const onSeek = vi.fn();
    renderWithProviders(<Harness onSeek={onSeek} />);
    expect(await screen.findByText('No highlights yet', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'From transcript' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create highlight' });
    expect(within(dialog).getByTestId('highlight-moment').textContent).toBe('00:01:02 – 00:01:40');
    // The title starts from the selection's first words, cut at a word.
    const title = within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    expect(title.value).toBe('Our budget for this quarter is forty thousand dollars');
    fireEvent.change(title, { target: { value: '  ' } });
    fireEvent.blur(title);
    expect(within(dialog).getByText('Give the highlight a title')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toHaveProperty('disabled', true);
    expect(server.calls(highlightRoutes.create)).toHaveLength(0);
    fireEvent.change(title, { target: { value: 'Budget' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: 'Forty thousand' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = server.calls(highlightRoutes.create)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      meetingId: MEETING,
      startTime: 62,
      endTime: 100.5,
      title: 'Budget',
      note: 'Forty thousand',
    });

    const item = await screen.findByTestId('highlight', {}, SLOW);
    expect(item.textContent).toContain('00:01:02 – 00:01:40');
    expect(item.textContent).toContain('Forty thousand');
    expect(screen.getByTestId('bar').textContent).toBe('0:62-100.5');
    fireEvent.click(within(item).getByRole('button', { name: 'Budget, play from 00:01:02' }));
    expect(onSeek).toHaveBeenCalledWith(62);

    fireEvent.click(within(item).getByRole('button', { name: 'Edit Budget' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit highlight' });
    const editTitle = within(edit).getByRole('textbox', { name: 'Title' });
    expect((editTitle as HTMLInputElement).value).toBe('Budget');
    fireEvent.change(editTitle, { target: { value: 'Budget agreed' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Budget agreed', {}, SLOW)).toBeTruthy();
    const [, patch] = server.calls(highlightRoutes.update)[0]!;
    expect(JSON.parse(String(patch?.body))).toMatchObject({
      startTime: 62,
      endTime: 100.5,
      title: 'Budget agreed',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Budget agreed' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete ‘Budget agreed’?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No highlights yet', {}, SLOW)).toBeTruthy();
    expect(server.calls(highlightRoutes.remove)).toHaveLength(1);
    expect(screen.getByTestId('bar').textContent).toBe('');
  });

  it('keeps the dialog open with the server’s reason when saving fails', async () => {
    signInWith(['Essentials']);
    fakeServer()
      .on(highlightRoutes.list, [])
      .on(highlightRoutes.create, () =>
        json({ statusCode: 404, error: 'Not Found', message: 'Meeting not found' }, 404),
      );
    renderWithProviders(<Harness onSeek={vi.fn()} />);
    await screen.findByText('No highlights yet', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'From transcript' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create highlight' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Meeting not found', {}, SLOW)).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Our budget for this quarter is forty thousand dollars',
    );
  });

  it('orders by time and colours by index; only its maker or the organisation may change one', async () => {
    // A member: meetings.manage, but not the whole organisation.
    const member = authSuccess({ bundles: ['Essentials'] });
    member.user.role = 'user';
    member.user.permissions = [...DEFAULT_ROLE_PERMISSIONS.user];
    setAuthenticated(member);
    serve([
      saved({ id: 'late', startTime: 300, endTime: 310, title: 'Close', userId: 'u1' }),
      saved({ id: 'early', title: 'Intro' }),
    ]);
    renderWithProviders(<Harness onSeek={vi.fn()} />);
    const items = await screen.findAllByTestId('highlight', {}, SLOW);
    expect(items.map((i) => i.textContent?.slice(0, 5))).toEqual(['Intro', 'Close']);
    expect(screen.getByTestId('bar').textContent).toBe('0:10-20 1:300-310');
    expect(items[1]!.querySelector('[data-testid="highlight-swatch"]')).toHaveProperty(
      'style.background',
      'var(--speaker-2)',
    );
    expect(within(items[0]!).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Edit Close' })).toBeTruthy();
  });

  it('offers nothing to change without meetings.manage, and says so when empty', async () => {
    const viewer = authSuccess({ bundles: ['Essentials'] });
    viewer.user.permissions = viewer.user.permissions.filter((p) => p !== 'meetings.manage');
    setAuthenticated(viewer);
    serve();
    renderWithProviders(<Harness onSeek={vi.fn()} />);
    expect(await screen.findByText('Moments saved from the transcript appear here.', {}, SLOW));
    expect(screen.queryByRole('button', { name: 'From transcript' })).toBeNull();
  });

  it('says when the highlights cannot be loaded, with a retry', async () => {
    signInWith(['Essentials']);
    fakeServer().on(highlightRoutes.list, () =>
      json({ statusCode: 500, error: 'Internal Server Error', message: 'Boom' }, 500),
    );
    renderWithProviders(<Harness onSeek={vi.fn()} />);
    expect(await screen.findByRole('button', { name: /try again|retry/i }, SLOW)).toBeTruthy();
  });
});
