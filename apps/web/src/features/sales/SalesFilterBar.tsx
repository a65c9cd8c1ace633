import type { RouteResponse, salesRoutes } from '@parley/contracts';
import { Button, SelectField } from '../../ui';
import { NO_FILTERS, type SalesFilters } from './api';

const ANY = 'any';

/** The view's name, opportunity and account filters (spec 2 §2), from GET meeting/getAllUsers. */
export function SalesFilterBar({
  data,
  value,
  onChange,
}: {
  data: RouteResponse<typeof salesRoutes.filters> | undefined;
  value: SalesFilters;
  onChange(next: SalesFilters): void;
}) {
  const deals = (data?.deals ?? []).filter((d) => !value.account || d.accountId === value.account);
  const pick = (key: keyof SalesFilters) => (v: string) => {
    const next = { ...value, [key]: v === ANY ? '' : v };
    // A deal of another account would match nothing.
    if (key === 'account' && next.opportunity) {
      const deal = data?.deals.find((d) => d.id === next.opportunity);
      if (next.account && deal?.accountId !== next.account) next.opportunity = '';
    }
    onChange(next);
  };
  const any = value.nameId || value.opportunity || value.account;
  return (
    <>
      <SelectField
        label="Name"
        labelInside
        className="w-full sm:w-52"
        value={value.nameId || ANY}
        onValueChange={pick('nameId')}
        options={[
          { value: ANY, label: 'Everyone' },
          ...(data?.names ?? []).map((n) => ({ value: n.id, label: n.name })),
        ]}
      />
      <SelectField
        label="Opportunity"
        labelInside
        className="w-full sm:w-56"
        value={value.opportunity || ANY}
        onValueChange={pick('opportunity')}
        options={[
          { value: ANY, label: 'All deals' },
          ...deals.map((d) => ({ value: d.id, label: d.name })),
        ]}
      />
      <SelectField
        label="Account"
        labelInside
        className="w-full sm:w-56"
        value={value.account || ANY}
        onValueChange={pick('account')}
        options={[
          { value: ANY, label: 'All accounts' },
          ...(data?.accounts ?? []).map((a) => ({ value: a.id, label: a.name })),
        ]}
      />
      {any ? (
        <Button variant="ghost" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      ) : null}
    </>
  );
}
