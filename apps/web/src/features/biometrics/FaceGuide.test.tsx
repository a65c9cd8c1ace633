import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FaceGuideOverlay, FaceStatus } from './FaceGuide';
import type { FaceDetection } from './use-face-detector';

const ready = (inRegion: boolean): FaceDetection => ({ state: 'ready', inRegion, backend: 'wasm' });

describe('FaceGuideOverlay (spec 2 §2)', () => {
  afterEach(cleanup);

  it('turns the brackets green inside the region and red outside', () => {
    const { rerender } = render(<FaceGuideOverlay detection={ready(true)} />);
    const guide = screen.getByTestId('face-guide');
    expect(guide.dataset.state).toBe('in-region');
    expect(guide.dataset.backend).toBe('wasm');
    for (const corner of screen.getAllByTestId('face-guide-corner'))
      expect(corner.className).toContain('border-camera-ok');
    rerender(<FaceGuideOverlay detection={ready(false)} />);
    expect(guide.dataset.state).toBe('out-of-region');
    for (const corner of screen.getAllByTestId('face-guide-corner'))
      expect(corner.className).toContain('border-camera-off');
  });

  it('stays neutral while the detector starts and shows the hint', () => {
    render(<FaceGuideOverlay detection={{ state: 'initializing', inRegion: false }} />);
    expect(screen.getByTestId('face-guide').dataset.state).toBe('initializing');
    expect(screen.getAllByTestId('face-guide-corner')[0]?.className).toContain('border-white');
    expect(screen.getByText('Center your face in the frame.')).toBeTruthy();
  });

  it('shows a detection error as a banner, cut after 47 characters', () => {
    const message = 'Failed to compile fragment shader: out of memory while linking';
    render(<FaceGuideOverlay detection={{ ...ready(false), detectionError: message }} />);
    expect(screen.getByRole('alert').textContent).toBe(
      `Detection Error: ${message.slice(0, 47)}...`,
    );
  });
});

describe('FaceStatus', () => {
  afterEach(cleanup);

  it('says in words what the colours say', () => {
    const { rerender } = render(<FaceStatus id="s" detection={ready(true)} />);
    expect(screen.getByText('Face detected — hold still')).toBeTruthy();
    rerender(<FaceStatus id="s" detection={ready(false)} detail="Recording can start soon." />);
    expect(screen.getByText('Move into the frame')).toBeTruthy();
    expect(screen.getByText('Recording can start soon.')).toBeTruthy();
    rerender(<FaceStatus id="s" detection={{ state: 'initializing', inRegion: false }} />);
    expect(screen.getByText('Initializing Detector...')).toBeTruthy();
  });

  it('names a failed start, its detail, and that recording still works', () => {
    render(
      <FaceStatus
        id="s"
        detection={{ state: 'failed', inRegion: false, error: 'Initialization failed: no backend' }}
      />,
    );
    expect(screen.getByText('Error Initializing Detector')).toBeTruthy();
    expect(screen.getByText('Initialization failed: no backend')).toBeTruthy();
    expect(screen.getByText(/You can still record/)).toBeTruthy();
  });
});
