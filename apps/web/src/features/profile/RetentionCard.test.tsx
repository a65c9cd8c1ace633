import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { retentionRoutes, type RetentionView } from '@parley/contracts';
import { fakeServer } from '../../test/fake-server';
import { setUpPageTests } from '../../test/page-setup';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { RetentionCard } from './RetentionCard';

setUpPageTests();
beforeEach(() => signInWith([]));

async function choose(field: string, option: string) {
  fireEvent.pointerDown(screen.getByRole('combobox', { name: field }), {
    button: 0,
    ctrlKey: false,
    pointerType: 'mouse',
  });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Data retention card', () => {
  it('shows the settings and the last pass, and saves a new limit', async () => {
    let view: RetentionView = {
      recordingsDays: null,
      transcriptsDays: 45,
      runs: [{ ranAt: '2026-11-20T03:00:00.000Z', recordingsDeleted: 0, transcriptsDeleted: 7 }],
    };
    const sent: unknown[] = [];
    fakeServer()
      .on(retentionRoutes.getSettings, () => view)
      .on(retentionRoutes.updateSettings, (req) => {
        sent.push(req.body);
        view = { ...view, ...(req.body as Partial<RetentionView>) };
        return view;
      });
    renderWithProviders(<RetentionCard />);
    const recordings = await screen.findByRole('combobox', { name: 'Recordings' });
    expect(recordings.textContent).toContain('Keep for ever');
    // A value set through the API that is none of the presets is shown as it is.
    expect(screen.getByRole('combobox', { name: 'Transcripts' }).textContent).toContain(
      'Delete after 45 days',
    );
    expect(screen.getByText(/0 recordings, 7 transcripts/)).toBeTruthy();

    await choose('Recordings', 'Delete after 90 days');
    await waitFor(() => expect(sent).toEqual([{ recordingsDays: 90 }]));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Recordings' }).textContent).toContain(
        'Delete after 90 days',
      ),
    );
    await choose('Transcripts', 'Keep for ever');
    await waitFor(() => expect(sent).toEqual([{ recordingsDays: 90 }, { transcriptsDays: null }]));
  });
});
