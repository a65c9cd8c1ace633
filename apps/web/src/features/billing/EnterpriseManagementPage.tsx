import { useSearchParams } from 'react-router';
import { PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui';
import { BundlesTable } from './BundlesTable';
import { CreditSlabsTable } from './CreditSlabsTable';
import { FeaturesTable } from './FeaturesTable';
import { SubscriptionsTable } from './SubscriptionsTable';
import { InvoicesTable, SellerNotice } from '../invoices';

const TABS = ['bundles', 'features', 'credit-slabs', 'subscriptions', 'invoices'] as const;
type Tab = (typeof TABS)[number];

/**
 * /billing (super admin): what is sold (bundles, features, credit slabs), who bought what, and
 * every invoice (marked paid here when a bank transfer arrives).
 */
export default function EnterpriseManagementPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'bundles';
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Enterprise Management"
        description="The bundles, features and credit slabs organizations buy, every organization’s plan, and their invoices."
      />
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(next === 'bundles' ? {} : { tab: next }, { replace: true })
        }
        className="flex flex-col gap-4"
      >
        <TabsList aria-label="Enterprise Management">
          <TabsTrigger value="bundles">Bundles</TabsTrigger>
          <TabsTrigger value="features">Features</TabsTrigger>
          <TabsTrigger value="credit-slabs">Credit slabs</TabsTrigger>
          <TabsTrigger value="subscriptions">Subscriptions</TabsTrigger>
          <TabsTrigger value="invoices">Invoices</TabsTrigger>
        </TabsList>
        <TabsContent value="bundles">
          <BundlesTable />
        </TabsContent>
        <TabsContent value="features">
          <FeaturesTable />
        </TabsContent>
        <TabsContent value="credit-slabs">
          <CreditSlabsTable />
        </TabsContent>
        <TabsContent value="subscriptions">
          <SubscriptionsTable />
        </TabsContent>
        <TabsContent value="invoices" className="flex flex-col gap-4">
          <SellerNotice />
          <InvoicesTable />
        </TabsContent>
      </Tabs>
    </div>
  );
}
