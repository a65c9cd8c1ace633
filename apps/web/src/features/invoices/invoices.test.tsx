import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { invoiceRoutes, money, type Invoice, type InvoiceSummary } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { toastStore } from '../../lib/toast';
import { fakeServer, json } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { pendingPlan } from '../../test/plan-fixtures';
import { signInWith } from '../../test/sign-in';
import { InvoicesTable } from './InvoicesTable';
import { ManualPayment } from './ManualPayment';

const SLOW = { timeout: 5000 };
const at = '2026-03-01T10:00:00.000Z';
const usd = (minor: number) => money(minor, 'USD');

const PLAN = pendingPlan({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Sales Suite',
  totalMinor: 29900,
  creditSlabId: 's1',
});

const summary = (over: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  id: 'i1',
  number: 'PAR-2026-000007',
  organizationId: 'o',
  organizationName: 'Acme Corp',
  planId: PLAN.id,
  planName: PLAN.name,
  status: 'open',
  method: 'manual',
  issuedAt: at,
  paidAt: null,
  total: usd(27900),
  ...over,
});
const full = (s: InvoiceSummary): Invoice => ({
  ...s,
  seller: { name: 'Parley', lines: [] },
  buyer: { name: 'Acme Corp', lines: [] },
  lines: [{ description: 'Sales Suite bundle', quantity: 1, unitMinor: 27900, amountMinor: 27900 }],
  taxes: [],
  subtotal: s.total,
  tax: usd(0),
  externalId: null,
  paymentDetails: 'IBAN DE89 3704 0044 0532 0130 00',
});

/** The pay button, once the open invoices are read (it waits for them: one may exist). */
async function payButton(): Promise<HTMLElement> {
  const button = await screen.findByRole(
    'button',
    { name: 'Pay by invoice (bank transfer)' },
    SLOW,
  );
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  return button;
}

/** The hrefs the page handed to the browser to download. */
let downloaded: string[] = [];

beforeEach(() => {
  downloaded = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloaded.push(`${this.getAttribute('href')} as ${this.download}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setAuthFailed();
  toastStore.set(() => []);
});

describe('paying a pending plan by invoice (/pricing)', { timeout: 20_000 }, () => {
  it('asks for the invoice, then shows it waiting for payment with its download', async () => {
    signInWith(['Base']);
    let open: Invoice[] = [];
    const server = fakeServer()
      .on(invoiceRoutes.ownDetails, () => ({ data: open, count: open.length }))
      .on(invoiceRoutes.manual, () => {
        open = [full(summary())];
        return { data: full(summary()), message: 'Invoice PAR-2026-000007 issued' };
      })
      .on(invoiceRoutes.download, () => ({
        data: { url: '/api/v1/invoice/file/i1?exp=1&token=a' },
      }));
    renderWithProviders(<ManualPayment plan={PLAN} />);

    fireEvent.click(await payButton());
    await screen.findByText('Waiting for payment', {}, SLOW);
    expect(screen.getByText('PAR-2026-000007')).toBeTruthy();
    expect(screen.getByText('$279.00')).toBeTruthy();
    expect(screen.getByTestId('payment-details').textContent).toBe(
      'IBAN DE89 3704 0044 0532 0130 00',
    );
    expect(JSON.parse(String(server.calls(invoiceRoutes.manual)[0]?.[1]?.body))).toEqual({
      planId: '11111111-1111-4111-8111-111111111111',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Download invoice' }));
    await waitFor(() =>
      expect(downloaded).toEqual(['/api/v1/invoice/file/i1?exp=1&token=a as invoice_i1.pdf']),
    );
  });

  it("says 'Create Session Failed' with the server's reason, and 'Failed to download invoice'", async () => {
    signInWith(['Base']);
    fakeServer()
      .on(invoiceRoutes.ownDetails, { data: [full(summary())], count: 1 })
      .on(invoiceRoutes.manual, () =>
        json({ statusCode: 409, error: 'Conflict', message: 'No plan is waiting' }, 409),
      )
      .on(invoiceRoutes.download, () =>
        json({ statusCode: 404, error: 'Not Found', message: 'Invoice not found' }, 404),
      );
    renderWithProviders(<ManualPayment plan={PLAN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download invoice' }, SLOW));
    await waitFor(() =>
      expect(toastStore.get()[0]).toMatchObject({
        title: 'Failed to download invoice',
        description: 'Invoice not found',
        variant: 'error',
      }),
    );
    expect(downloaded).toEqual([]);
    cleanup();

    fakeServer()
      .on(invoiceRoutes.ownDetails, { data: [], count: 0 })
      .on(invoiceRoutes.manual, () =>
        json({ statusCode: 409, error: 'Conflict', message: 'No plan is waiting' }, 409),
      );
    renderWithProviders(<ManualPayment plan={PLAN} />);
    fireEvent.click(await payButton());
    await waitFor(() =>
      expect(toastStore.get().map((t) => [t.title, t.description])).toContainEqual([
        'Create Session Failed',
        'No plan is waiting',
      ]),
    );
  });
});

describe('Invoices in Enterprise Management (/billing)', { timeout: 20_000 }, () => {
  it('marks an open invoice paid after asking, and the list reloads', async () => {
    signInWith([]);
    let rows = [summary(), summary({ id: 'i2', number: 'PAR-2026-000006', status: 'paid' })];
    const server = fakeServer()
      .on(invoiceRoutes.all, () => ({ data: rows, count: rows.length }))
      .on(invoiceRoutes.markPaid, ({ params }) => {
        rows = rows.map((r) => (r.id === params.id ? { ...r, status: 'paid' as const } : r));
        return {
          data: full(summary({ status: 'paid' })),
          message: 'Invoice PAR-2026-000007 marked paid; the plan is active',
        };
      });
    renderWithProviders(<InvoicesTable />);
    const table = await screen.findByRole('table', { name: 'Invoices' }, SLOW);
    await within(table).findByText('PAR-2026-000007', {}, SLOW);
    // Only the open invoice can be marked paid.
    expect(screen.queryByRole('button', { name: 'Mark paid PAR-2026-000006' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Mark paid PAR-2026-000007' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark PAR-2026-000007 paid?' });
    expect(within(dialog).getByText(/\$279\.00 from Acme Corp/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(server.calls(invoiceRoutes.markPaid)).toHaveLength(1));
    await waitFor(() =>
      expect(toastStore.get()[0]?.title).toBe(
        'Invoice PAR-2026-000007 marked paid; the plan is active',
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark paid PAR-2026-000007' })).toBeNull(),
    );
    expect(server.calls(invoiceRoutes.all).length).toBeGreaterThan(1);
  });
});
