import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { reportRoutes, type CandidateReportPreview } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { toastStore } from '../../lib/toast';
import { fakeServer, json } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { ReportActions } from './ReportActions';

const INTERVIEW = { id: 'm1', meetingName: 'Zoë call.mp4', stage: 'basic_meeting' as const };
/** A plan bundle named after a feature holds it (isFeatureAvailable matches either). */
const HIRING = ['HR Workflow'];

/** The file names the page handed to the browser. */
let saved: string[] = [];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setAuthFailed();
  toastStore.set(() => []);
});

describe('report downloads on the meeting page', () => {
  it('saves the HR report of an interview under the name the server gives', async () => {
    signInWith(HIRING);
    fakeServer().on(
      reportRoutes.hr,
      () =>
        new Response(new Uint8Array([37, 80, 68, 70]), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="Zo_ call.pdf"; filename*=UTF-8''${encodeURIComponent('Zoë call.pdf')}`,
          },
        }),
    );
    renderWithProviders(<ReportActions meeting={INTERVIEW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download HR report' }));
    await waitFor(() => expect(saved).toEqual(['Zoë call.pdf']));
    expect(screen.queryByRole('button', { name: 'Download Sales report' })).toBeNull();
  });

  it("says 'Failed to download PDF' with the HTTP status when the report fails", async () => {
    signInWith(['Sales Intelligence']);
    fakeServer().on(reportRoutes.sales, () => new Response('', { status: 503 }));
    renderWithProviders(<ReportActions meeting={{ ...INTERVIEW, stage: 'discovery_stage' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download Sales report' }));
    await waitFor(() =>
      expect(toastStore.get()[0]).toMatchObject({
        title: 'Failed to download PDF',
        description: 'Service not available, please try again later',
        variant: 'error',
      }),
    );
    expect(saved).toEqual([]);
  });

  it('offers no report without the plan’s feature', () => {
    signInWith([]);
    renderWithProviders(<ReportActions meeting={INTERVIEW} />);
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send report to candidate' })).toBeNull();
  });
});

describe('Send report to candidate', () => {
  const PREVIEW: CandidateReportPreview = {
    meetingId: 'm1',
    candidate: { name: 'Zoë Candidate', email: 'zoe@example.com' },
    jobTitle: 'Support engineer',
    strengths: ['Communication: explains the fix clearly'],
    improvements: ['Technical: few concrete figures'],
    consent: {
      recorded: ['Video', 'Audio', 'Transcript of what was said'],
      agreed: 'You agreed when you registered on 1 March 2026.',
      deletion: 'Write to Ada at Org, or to support@parley.local.',
    },
  };

  it('shows what will be sent, and sends it when confirmed', async () => {
    signInWith(HIRING);
    const server = fakeServer()
      .on(reportRoutes.candidatePreview, PREVIEW)
      .on(reportRoutes.sendCandidate, {
        message: 'Report sent to zoe@example.com',
        to: 'zoe@example.com',
      });
    renderWithProviders(<ReportActions meeting={INTERVIEW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send report to candidate' }));
    const dialog = await screen.findByRole('dialog');
    expect(await screen.findByText('Communication: explains the fix clearly')).toBeTruthy();
    expect(dialog.textContent).toContain('Zoë Candidate <zoe@example.com>');
    expect(dialog.textContent).toContain('Technical: few concrete figures');
    expect(dialog.textContent).toContain('support@parley.local');
    expect(server.calls(reportRoutes.sendCandidate)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls(reportRoutes.sendCandidate)).toHaveLength(1);
    expect(toastStore.get()[0]).toMatchObject({ title: 'Report sent to zoe@example.com' });
  });

  it('says why when the interview has no candidate, and sends nothing', async () => {
    signInWith(HIRING);
    fakeServer().on(reportRoutes.candidatePreview, () =>
      json({ statusCode: 400, error: 'Bad Request', message: 'No candidate here' }, 400),
    );
    renderWithProviders(<ReportActions meeting={INTERVIEW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send report to candidate' }));
    expect(await screen.findByText('No candidate here')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Send report' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
