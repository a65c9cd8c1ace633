import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { analysisRoutes, type Meeting } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { analysisKeys } from './api';
import { meetingKeys } from '../meetings';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders, testQueryClient } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { NameSpeakersDialog } from './NameSpeakersDialog';

const MEETING_ID = '6f1c2a7e-3b9d-4c1e-9a55-0d2f7b8e4a10';

function setup(names: Record<string, string> = {}) {
  const client = testQueryClient();
  client.setQueryData(meetingKeys.detail(MEETING_ID), {
    id: MEETING_ID,
    additionalDetails: names,
  } as Partial<Meeting>);
  client.setQueryData(analysisKeys.transcription(MEETING_ID), { data: [] });
  const onClose = vi.fn();
  renderWithProviders(
    <NameSpeakersDialog
      open
      meetingId={MEETING_ID}
      speakers={['speaker_00', 'speaker_01']}
      names={names}
      onClose={onClose}
    />,
    { client },
  );
  return { client, onClose };
}

describe('NameSpeakersDialog', () => {
  afterEach(() => {
    cleanup();
    setAuthFailed();
    localStorage.clear();
  });

  it('lists each speaker with its saved name and saves the new names', async () => {
    signInWith(['Essentials']);
    const saved = { speaker_00: 'Ada Lovelace', speaker_01: 'Grace Hopper' };
    const { fetch } = fakeServer().on(analysisRoutes.nameSpeakers, { additionalDetails: saved });
    const { client, onClose } = setup({ speaker_00: 'Ada Lovelace' });

    expect(screen.getByRole('dialog', { name: 'Name speakers' })).toBeTruthy();
    expect((screen.getByLabelText('Speaker 1') as HTMLInputElement).value).toBe('Ada Lovelace');
    const second = screen.getByLabelText('Speaker 2') as HTMLInputElement;
    expect(second.value).toBe('');
    const submit = screen.getByRole('button', { name: 'Save names' });
    // Nothing changed yet: nothing to save.
    expect(submit).toHaveProperty('disabled', true);

    fireEvent.change(second, { target: { value: '  Grace Hopper ' } });
    expect(submit).toHaveProperty('disabled', false);
    fireEvent.click(submit);

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/v1\/meeting\/participant$/);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      meetingId: MEETING_ID,
      additionalDetails: saved,
    });
    // The names reach the page at once, and the analysis is read again with them.
    expect(client.getQueryData<Meeting>(meetingKeys.detail(MEETING_ID))?.additionalDetails).toEqual(
      saved,
    );
    expect(client.getQueryState(analysisKeys.transcription(MEETING_ID))?.isInvalidated).toBe(true);
  });

  it('refuses names longer than 80 characters', () => {
    signInWith(['Essentials']);
    setup();
    fireEvent.change(screen.getByLabelText('Speaker 1'), { target: { value: 'x'.repeat(81) } });
    expect(screen.getByText('At most 80 characters')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save names' })).toHaveProperty('disabled', true);
  });
});
