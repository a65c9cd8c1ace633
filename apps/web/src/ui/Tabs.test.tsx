import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Tabs, TabsList, TabsTrigger } from './Tabs';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('TabsList', () => {
  it('shows scroll arrows only when the tabs overflow, scrolling 200 px a press', () => {
    // jsdom lays nothing out: the list is 300 px wide showing 800 px of tabs.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(800);
    const scrollBy = vi.fn();
    HTMLElement.prototype.scrollBy = scrollBy;
    render(
      <Tabs defaultValue="a">
        <TabsList aria-label="Panels">
          <TabsTrigger value="a">Transcripts</TabsTrigger>
          <TabsTrigger value="b">HR Insights</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    expect(screen.queryByTestId('tabs-scroll-left')).toBeNull();
    fireEvent.click(screen.getByTestId('tabs-scroll-right'));
    expect(scrollBy).toHaveBeenCalledWith({ left: 200, behavior: 'smooth' });
  });

  it('shows no arrows when the tabs fit', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(800);
    render(
      <Tabs defaultValue="a">
        <TabsList aria-label="Panels">
          <TabsTrigger value="a">Transcripts</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    expect(screen.queryByTestId('tabs-scroll-right')).toBeNull();
    expect(screen.getByRole('tablist', { name: 'Panels' })).toBeTruthy();
  });
});
