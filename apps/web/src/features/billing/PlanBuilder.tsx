import { useState } from 'react';
import { CreditCard, Package } from 'lucide-react';
import type { BundleSelection } from '@parley/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CheckboxField,
  EmptyState,
  Skeleton,
} from '../../ui';
import {
  useActiveBundles,
  useActiveCreditSlabs,
  useCreatePlan,
  useSelect,
  useSelection,
} from './api';
import { BundleChoices, moneyText, SlabChoices } from './PlanChoices';

function Summary(props: {
  selection: BundleSelection;
  autoPay: boolean;
  onAutoPay(on: boolean): void;
  busy: boolean;
  onContinue(): void;
}) {
  const { selection, autoPay, onAutoPay, busy, onContinue } = props;
  const slab = selection.creditSlab;
  const empty = selection.bundles.length === 0;
  return (
    <Card className="lg:sticky lg:top-4">
      <CardHeader>
        <CardTitle>Your plan</CardTitle>
        <CardDescription>
          {empty ? 'Choose at least one bundle.' : selection.bundles.map((b) => b.name).join(' + ')}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm" aria-live="polite">
          {selection.bundles.map((b) => (
            <div key={b.id} className="contents">
              <dt className="text-muted">{b.name}</dt>
              <dd className="text-right text-fg tabular">{moneyText(b.price)}</dd>
            </div>
          ))}
          {slab ? (
            <>
              <dt className="text-muted">{slab.credits.toLocaleString('en')} credits</dt>
              <dd className="text-right text-fg tabular">{moneyText(slab.price)}</dd>
            </>
          ) : null}
          <dt className="border-t border-border pt-2 text-muted">Total</dt>
          <dd className="border-t border-border pt-2 text-right text-fg tabular">
            {moneyText(selection.totalPrice)}
          </dd>
          <dt className="text-muted">Discount</dt>
          <dd className="text-right text-fg tabular">−{moneyText(selection.discount)}</dd>
          <dt className="font-semibold text-fg">To pay</dt>
          <dd className="text-right text-lg font-semibold text-fg tabular">
            {moneyText(selection.discountedPrice)}
          </dd>
        </dl>
        <p className="text-xs text-muted">
          A feature in two chosen bundles is charged once, so the total can be less than the bundles
          added up.
        </p>
        {slab ? (
          <CheckboxField
            label={`Buy ${slab.credits.toLocaleString('en')} credits again when mine run low`}
            checked={autoPay}
            onCheckedChange={onAutoPay}
          />
        ) : null}
        <Button disabled={empty} loading={busy} onClick={onContinue}>
          <CreditCard aria-hidden /> Continue to payment
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The point of contact's plan builder: bundles and an optional credit slab, priced by the
 * server at each change (bundle/user), then POST plan.
 */
export function PlanBuilder({ onCreated }: { onCreated?(): void }) {
  const bundles = useActiveBundles();
  const slabs = useActiveCreditSlabs();
  const selection = useSelection(true);
  const select = useSelect();
  const create = useCreatePlan();
  const [autoPay, setAutoPay] = useState(false);

  if (bundles.isPending || slabs.isPending || selection.isPending) {
    return <Skeleton className="h-96 w-full" />;
  }
  if (!bundles.data?.length || !selection.data) {
    return (
      <EmptyState
        icon={Package}
        title="No bundles on sale"
        description="The platform has no bundles on sale right now. Please come back later."
      />
    );
  }
  const current = selection.data;
  // While a change is on its way, show it; the server's answer replaces it.
  const asked = select.isPending ? select.variables : undefined;
  const chosen = asked?.bundleIds ?? current.bundleIds;
  const slabId = asked ? (asked.creditSlabId ?? null) : (current.creditSlab?.id ?? null);
  const change = (next: { bundleIds?: string[]; creditSlabId?: string | null }) =>
    select.mutate({
      bundleIds: next.bundleIds ?? chosen,
      creditSlabId: next.creditSlabId !== undefined ? next.creditSlabId : slabId,
    });
  const name = current.bundles.map((b) => b.name).join(' + ');

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="flex flex-col gap-6">
        <BundleChoices
          bundles={bundles.data}
          chosen={chosen}
          disabled={create.isPending}
          onChange={(ids) => change({ bundleIds: ids })}
        />
        <SlabChoices
          slabs={slabs.data ?? []}
          chosen={slabId}
          disabled={create.isPending}
          onChange={(id) => change({ creditSlabId: id })}
        />
      </div>
      <Summary
        selection={current}
        autoPay={autoPay}
        onAutoPay={setAutoPay}
        busy={create.isPending || select.isPending}
        onContinue={() =>
          create.mutate(
            {
              name,
              creditsToAddForAutoPay:
                autoPay && current.creditSlab ? current.creditSlab.credits : 0,
            },
            { onSuccess: () => onCreated?.() },
          )
        }
      />
    </div>
  );
}
