import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('names the browser tab after the page, and gives it back when the page goes', () => {
    const page = render(<PageHeader title="Library" />);
    expect(document.title).toBe('Library · Parley');
    page.rerender(<PageHeader title="Welcome, Remy" documentTitle="Home" />);
    expect(document.title).toBe('Home · Parley');
    page.unmount();
    expect(document.title).toBe('Parley');
  });
});
