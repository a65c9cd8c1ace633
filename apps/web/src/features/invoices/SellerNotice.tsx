import { AlertTriangle, Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { invoiceRoutes } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { Card, Skeleton } from '../../ui';

export const sellerKey = ['invoices', 'seller'] as const;

const percent = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/**
 * What invoices issued now print as the seller (the platform organisation's billing address)
 * and the tax they apply; when the address is missing it says so, and where to add it.
 */
export function SellerNotice() {
  const { user } = useAuth();
  const seller = useQuery({
    queryKey: sellerKey,
    queryFn: async ({ signal }) => (await api(invoiceRoutes.seller, { signal })).data,
  });
  if (seller.isPending) return <Skeleton className="h-16 w-full" />;
  if (seller.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        The seller’s details could not be loaded. Reload the page to try again.
      </p>
    );
  }
  const { seller: party, hasAddress, platformOrganizationId, tax } = seller.data;
  // The super admin's own organisation is the platform's: its addresses are on /configuration.
  const where = !platformOrganizationId
    ? null
    : platformOrganizationId === user?.organizationId
      ? '/configuration'
      : `/organization-management/${platformOrganizationId}`;
  return (
    <Card
      className={`flex flex-col gap-2 p-4 text-sm ${hasAddress ? '' : 'border-warning/50'}`}
      data-testid="seller-notice"
    >
      <p className="flex items-center gap-2 font-medium text-fg">
        <Building2 className="size-4 text-muted" aria-hidden /> Invoices are issued by {party.name}
      </p>
      {hasAddress ? (
        <p className="text-muted">{party.lines.join(', ')}</p>
      ) : (
        <p role="status" className="flex items-start gap-2 text-fg">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <span>
            No seller address: invoices print only the name {party.name} until its billing address
            is saved.{' '}
            {where ? (
              <Link
                className="font-medium text-accent-text underline hover:no-underline"
                to={where}
              >
                Add the billing address of {party.name}
              </Link>
            ) : null}
          </span>
        </p>
      )}
      <p className="text-muted">
        {tax
          ? `${tax.label} ${percent(tax.rateBasisPoints)}, included in the prices and shown on each invoice (the TAX_RATE_BASIS_POINTS and TAX_LABEL parameters).`
          : 'No tax is applied. Set the TAX_RATE_BASIS_POINTS parameter (and TAX_LABEL) to show one on new invoices.'}
      </p>
    </Card>
  );
}
