import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ROOM_MESSAGES as M } from '@parley/contracts';
import { renderWithProviders } from '../../test/render';
import { mediaErrorMessage } from './media-devices';
import { PreJoin } from './PreJoin';

const refuse = (name: string) =>
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn().mockRejectedValue(new DOMException('refused', name)),
      enumerateDevices: vi.fn().mockResolvedValue([]),
    },
  });

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('the pre-join page', () => {
  it.each([
    ['NotAllowedError', M.permissionDenied],
    ['NotFoundError', M.noDevice],
    ['NotReadableError', M.deviceBusy],
  ])(
    'says what to do when the browser answers %s, and still lets people join',
    async (name, message) => {
      refuse(name);
      const onJoin = vi.fn();
      renderWithProviders(
        <PreJoin
          meetingName="Weekly sync"
          askName={false}
          isHost
          refusal={null}
          joining={false}
          onJoin={onJoin}
        />,
      );
      expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
      const join = screen.getByRole('button', { name: 'Join without camera and microphone' });
      expect(
        screen
          .getByRole('checkbox', { name: 'Record with Parley Notetaker' })
          .getAttribute('aria-checked'),
      ).toBe('true');
      fireEvent.click(join);
      expect(onJoin).toHaveBeenCalledWith({ stream: null, name: '', recordWithBot: true });
    },
  );

  it('asks a guest for a name before joining, and shows why the server refused', async () => {
    refuse('NotFoundError');
    const onJoin = vi.fn();
    renderWithProviders(
      <PreJoin
        meetingName="Weekly sync"
        askName
        isHost={false}
        refusal={M.full}
        joining={false}
        onJoin={onJoin}
      />,
    );
    expect(await screen.findByText(M.full)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Record with Parley Notetaker' })).toBeNull();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Join without camera and microphone' }),
    );
    expect(screen.getByText(M.nameRequired)).toBeTruthy();
    expect(onJoin).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: '  Gina ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join without camera and microphone' }));
    expect(onJoin).toHaveBeenCalledWith({ stream: null, name: 'Gina', recordWithBot: false });
  });

  it('names no device when the browser has no media devices at all', () => {
    expect(mediaErrorMessage(new Error('x'))).toBe(M.noDevice);
  });
});
