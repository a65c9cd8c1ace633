import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { invoiceRoutes, type InvoiceSeller } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { SellerNotice } from './SellerNotice';

const SLOW = { timeout: 5000 };
const serve = (data: InvoiceSeller) => fakeServer().on(invoiceRoutes.seller, { data });

afterEach(() => {
  cleanup();
  setAuthFailed();
});

describe('the seller on Enterprise Management’s invoices', { timeout: 20_000 }, () => {
  it('says clearly when the seller has no address, and links to where it is added', async () => {
    signInWith([]);
    serve({
      seller: { name: 'Parley', lines: [] },
      platformOrganizationId: 'plat',
      hasAddress: false,
      tax: null,
    });
    renderWithProviders(<SellerNotice />);
    expect((await screen.findByRole('status', {}, SLOW)).textContent).toContain(
      'No seller address: invoices print only the name Parley',
    );
    const link = screen.getByRole('link', { name: 'Add the billing address of Parley' });
    expect(link.getAttribute('href')).toBe('/organization-management/plat');
    cleanup();

    // The super admin's own organisation is the platform's: its addresses are on /configuration.
    serve({
      seller: { name: 'Parley', lines: [] },
      platformOrganizationId: 'o',
      hasAddress: false,
      tax: null,
    });
    renderWithProviders(<SellerNotice />);
    const own = await screen.findByRole(
      'link',
      { name: 'Add the billing address of Parley' },
      SLOW,
    );
    expect(own.getAttribute('href')).toBe('/configuration');
    expect(screen.getByText(/No tax is applied/)).toBeTruthy();
  });

  it('shows the address and the tax applied', async () => {
    signInWith([]);
    serve({
      seller: { name: 'Parley', lines: ['9 Seller Row', 'Los Angeles, California 90013'] },
      platformOrganizationId: 'plat',
      hasAddress: true,
      tax: { label: 'VAT', rateBasisPoints: 2000 },
    });
    renderWithProviders(<SellerNotice />);
    expect(
      await screen.findByText('9 Seller Row, Los Angeles, California 90013', {}, SLOW),
    ).toBeTruthy();
    expect(screen.getByText(/^VAT 20%, included in the prices/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
