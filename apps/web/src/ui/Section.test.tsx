import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Cpu } from 'lucide-react';
import { Section } from './Section';

afterEach(cleanup);

describe('Section', () => {
  it('is a region named by its heading, with its sentence and actions', () => {
    render(
      <>
        <Section
          id="ai-providers"
          title="AI providers"
          icon={Cpu}
          description="Connect a provider."
          actions={<button type="button">Add</button>}
        >
          <p>Body</p>
        </Section>
        <Section title="Saved prompts">
          <p>Other</p>
        </Section>
      </>,
    );
    const region = screen.getByRole('region', { name: 'AI providers' });
    expect(region.id).toBe('ai-providers');
    expect(within(region).getByText('Connect a provider.')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Add' })).toBeTruthy();
    expect(within(region).getByText('Body')).toBeTruthy();
    // Two sections on a page never share a heading id.
    const other = screen.getByRole('region', { name: 'Saved prompts' });
    expect(within(other).queryByText('Body')).toBeNull();
  });
});
