import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpointRoutes, type Endpoint } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { EndpointsTable } from './EndpointsTable';

const SLOW = { timeout: 5000 };
const TAGS: Endpoint = {
  id: 'e1',
  method: 'GET',
  path: '/tag',
  permission: 'prompts.manage',
  defaultPermission: 'prompts.manage',
  overridden: false,
  summary: 'The organization’s prompt tags',
  tags: ['prompts'],
  updatedAt: '2026-03-01T10:00:00.000Z',
};
const MEETING: Endpoint = {
  ...TAGS,
  id: 'e2',
  method: 'DELETE',
  path: '/meeting/:meetingId',
  permission: 'meetings.organization',
  defaultPermission: 'meetings.manage',
  overridden: true,
  summary: 'Delete a meeting',
};

afterEach(() => {
  cleanup();
  setAuthFailed();
});

describe('Endpoints', { timeout: 20_000 }, () => {
  it('lists routes with their permission, sorted by path, and searches', async () => {
    signInWith([]);
    const server = fakeServer().on(endpointRoutes.query, { endpoints: [TAGS, MEETING], count: 2 });
    renderWithProviders(<EndpointsTable />);
    const table = await screen.findByRole('table', { name: 'Endpoints' }, SLOW);
    expect(await within(table).findByText('/tag', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('meetings.organization')).toBeTruthy();
    expect(within(table).getByText('Changed')).toBeTruthy();
    const [first] = server.calls(endpointRoutes.query);
    expect(String(first?.[0])).toContain('sort=path%3Aasc');

    fireEvent.change(screen.getByLabelText('Search endpoints'), { target: { value: 'meeting' } });
    await waitFor(() =>
      expect(
        server.calls(endpointRoutes.query).some(([url]) => String(url).includes('search=meeting')),
      ).toBe(true),
    );
  });

  it('changes the permission a route requires', async () => {
    signInWith([]);
    const server = fakeServer()
      .on(endpointRoutes.query, { endpoints: [TAGS], count: 1 })
      .on(endpointRoutes.update, ({ body }) => ({
        ...TAGS,
        ...(body as object),
        overridden: true,
      }));
    renderWithProviders(<EndpointsTable />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Change permission GET /tag' }, SLOW),
    );
    expect(await screen.findByText(/Its contract asks for prompts.manage/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls(endpointRoutes.update)).toHaveLength(1));
    const [url, init] = server.calls(endpointRoutes.update)[0] ?? [];
    expect(String(url)).toContain('/endpoint/e1');
    expect(JSON.parse(String(init?.body))).toEqual({ permission: 'prompts.manage' });
  });
});
