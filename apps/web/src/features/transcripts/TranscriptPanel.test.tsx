import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { TooltipProvider } from '../../ui';
import { TRANSCRIPTION } from '../../test/transcription';
import { buildBlocks } from './model';
import { NO_TRANSCRIPT_MESSAGE, TranscriptPanel } from './TranscriptPanel';

const blocks = buildBlocks(TRANSCRIPTION.data, TRANSCRIPTION.wordToWordTimestamps);

function renderPanel(props: Partial<Parameters<typeof TranscriptPanel>[0]> = {}) {
  const onSeek = vi.fn();
  const utils = render(
    <TooltipProvider>
      <TranscriptPanel blocks={blocks} onSeek={onSeek} searchable {...props} />
    </TooltipProvider>,
  );
  return { onSeek, ...utils };
}

const word = (text: string) =>
  within(screen.getByRole('list', { name: 'Transcript' })).getAllByRole('button', {
    name: text,
  })[0]!;

async function search(term: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search transcript' }), {
    target: { value: term },
  });
  // Spec 2 §9: the search waits 200 ms after the last keystroke.
  await act(async () => {
    vi.advanceTimersByTime(210);
  });
}

describe('TranscriptPanel', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('draws blocks with coloured names, initials and HH:MM:SS', () => {
    renderPanel();
    const items = screen.getAllByTestId('transcript-block');
    expect(items).toHaveLength(3);
    expect(within(items[1]!).getByTestId('speaker-name').textContent).toBe('Speaker 2');
    expect(within(items[1]!).getByTestId('speaker-initials').textContent).toBe('S2');
    expect(within(items[1]!).getByTestId('speaker-name').style.color).toBe('var(--speaker-2)');
    expect(within(items[2]!).getByTestId('speaker-name').style.color).toBe('var(--speaker-1)');
    expect(within(items[2]!).getByText('01:02:05')).toBeTruthy();
  });

  it('seeks to a word’s start when it is clicked or pressed', () => {
    const { onSeek } = renderPanel();
    fireEvent.click(word('thanks'));
    expect(onSeek).toHaveBeenLastCalledWith(TRANSCRIPTION.wordToWordTimestamps[2]!.startTime);
    fireEvent.click(word('simple:'));
    expect(onSeek).toHaveBeenLastCalledWith(3726.5);
  });

  it('gives the words one tab stop and moves between them with the arrows', () => {
    renderPanel();
    const first = word('Hello');
    expect(first.tabIndex).toBe(0);
    expect(word('there,').tabIndex).toBe(-1);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(word('there,'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(word('Happy'));
    expect(word('Happy').tabIndex).toBe(0);
  });

  it('marks the word at the video’s current time', () => {
    renderPanel({ currentTime: 3.55 });
    expect(word('to').dataset.current).toBe('true');
    expect(word('Happy').dataset.current).toBeUndefined();
    expect(screen.getAllByTestId('transcript-block')[1]!.getAttribute('aria-current')).toBe('true');
  });

  it('keeps the block marked through the pauses between its words', () => {
    const { rerender } = renderPanel({ currentTime: 3.44 });
    expect(document.querySelector('[data-current]')).toBeNull();
    expect(screen.getAllByTestId('transcript-block')[1]!.getAttribute('aria-current')).toBe('true');
    rerender(
      <TooltipProvider>
        <TranscriptPanel blocks={blocks} currentTime={2.9} searchable />
      </TooltipProvider>,
    );
    expect(document.querySelector('[aria-current]')).toBeNull();
  });

  it('searches after the debounce, counts matches and wraps next/previous', async () => {
    vi.useFakeTimers();
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Search transcript' }));
    await search('HELLO');
    const counter = screen.getByTestId('search-counter');
    expect(counter.textContent).toBe('1/2');
    expect(document.querySelectorAll('mark')).toHaveLength(2);
    expect(document.querySelector('[data-current-match]')?.textContent).toBe('Hello');

    fireEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(counter.textContent).toBe('2/2');
    expect(document.querySelector('[data-current-match]')?.textContent).toBe('hello');
    fireEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(counter.textContent).toBe('1/2');
    fireEvent.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(counter.textContent).toBe('2/2');

    const box = screen.getByRole('searchbox', { name: 'Search transcript' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(counter.textContent).toBe('1/2');
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(counter.textContent).toBe('2/2');

    await search('(the)');
    expect(counter.textContent).toBe('1/1');
    await search('zebra');
    expect(counter.textContent).toBe('0/0');
    expect(screen.getByRole('button', { name: 'Next match' })).toHaveProperty('disabled', true);

    // Escape closes the search from its buttons as well as from the field.
    fireEvent.keyDown(screen.getByRole('button', { name: 'Previous match' }), { key: 'Escape' });
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(document.querySelectorAll('mark')).toHaveLength(0);
  });

  it('offers no search without Zai Intelligence', () => {
    renderPanel({ searchable: false });
    expect(screen.queryByRole('button', { name: 'Search transcript' })).toBeNull();
  });

  it('says when there is no transcript, without a search', () => {
    renderPanel({ blocks: [] });
    expect(screen.getByText(NO_TRANSCRIPT_MESSAGE)).toBeTruthy();
    expect(NO_TRANSCRIPT_MESSAGE).toBe('No transcriptions generated for this meeting.');
    expect(screen.queryByRole('button', { name: 'Search transcript' })).toBeNull();
  });
});

describe('TranscriptPanel: a selected range of blocks', () => {
  afterEach(cleanup);

  it('offers no selection without onHighlight', () => {
    renderPanel();
    expect(screen.queryByRole('button', { name: /^Select from/ })).toBeNull();
  });

  it('selects a range light blue and offers it as a highlight', () => {
    const onHighlight = vi.fn();
    renderPanel({ onHighlight });
    const items = screen.getAllByTestId('transcript-block');
    fireEvent.click(screen.getByRole('button', { name: 'Select from 00:00:00' }));
    expect(items[0]!.dataset.selected).toBe('true');
    // A second pick takes in everything between.
    fireEvent.click(screen.getByRole('button', { name: 'Select from 00:00:03' }));
    expect(items.map((b) => b.dataset.selected ?? null)).toEqual(['true', 'true', null]);
    expect(items[0]!.className).toContain('bg-sky-100');
    const bar = screen.getByRole('region', { name: 'Selected blocks' });
    expect(bar.textContent).toContain('2 selected');
    expect(bar.textContent).toContain('00:00:00 – 00:00:06');

    fireEvent.click(within(bar).getByRole('button', { name: 'Create highlight' }));
    expect(onHighlight).toHaveBeenCalledWith({
      start: blocks[0]!.start,
      end: blocks[1]!.end,
      text: 'Speaker 1: Hello there, thanks for joining.\nSpeaker 2: Happy to be here. What is (the) plan?',
      label: '00:00:00 – 00:00:06',
    });
    // Offered once: the selection clears.
    expect(screen.queryByRole('region', { name: 'Selected blocks' })).toBeNull();
  });

  it('clears the selection with Escape, Clear, or picking the only block again', () => {
    renderPanel({ onHighlight: vi.fn() });
    const pick = (at: string) => fireEvent.click(screen.getByRole('button', { name: at }));
    pick('Select from 01:02:05');
    pick('Select from 01:02:05');
    expect(screen.queryByRole('region', { name: 'Selected blocks' })).toBeNull();
    pick('Select from 00:00:03');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Select from 00:00:03' }), {
      key: 'Escape',
    });
    expect(screen.queryByRole('region', { name: 'Selected blocks' })).toBeNull();
    pick('Select from 00:00:03');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryAllByTestId('transcript-block').some((b) => b.dataset.selected)).toBe(false);
  });
});
