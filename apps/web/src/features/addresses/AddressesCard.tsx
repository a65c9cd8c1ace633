import { useCallback, useState } from 'react';
import { MapPin } from 'lucide-react';
import {
  ADDRESS_MESSAGES as M,
  addressSchema,
  type Address,
  type OrganizationAddresses,
} from '@parley/contracts';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CheckboxField,
  FormError,
  LoadError,
  Skeleton,
} from '../../ui';
import {
  AddressFields,
  draftOf,
  type AddressDraft,
  type AddressField,
  type AddressKind,
} from './AddressFields';
import { useOrganizationAddresses, useSaveAddresses } from './api';

type Drafts = Record<AddressKind, AddressDraft>;
type Errors = Partial<Record<AddressKind, Partial<Record<AddressField, string>>>>;

const draftsOf = (saved: OrganizationAddresses): Drafts => ({
  billing: draftOf(saved.billingAddress),
  shipping: draftOf(saved.shippingAddress),
});

const savedKey = (saved: OrganizationAddresses) =>
  JSON.stringify([saved.billingAddress, saved.shippingAddress]);

/** The draft as the server takes it, or the first message for each field that is not right. */
function parse(draft: AddressDraft) {
  if (draft.countryId === null) {
    return { errors: { countryId: 'Choose a country' } as Partial<Record<AddressField, string>> };
  }
  const parsed = addressSchema.safeParse(draft);
  if (parsed.success) return { address: parsed.data };
  const errors: Partial<Record<AddressField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AddressField;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The server's reason for a refused save, else the spec's words for a failed one. */
function saveFailure(error: unknown): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    return error.serverMessage ?? M.rejected;
  }
  return M.updateFailed;
}

function AddressesForm({ organizationId, saved }: { organizationId: string; saved: Drafts }) {
  const save = useSaveAddresses(organizationId);
  const [editing, setEditing] = useState(false);
  const [copyBilling, setCopyBilling] = useState(false);
  const [drafts, setDrafts] = useState<Drafts>(saved);
  /** Spec 3 §4: what editing started from, put back by Cancel. */
  const [copy, setCopy] = useState<Drafts>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const updateBilling = useCallback(
    (change: (d: AddressDraft) => AddressDraft) =>
      setDrafts((all) => ({ ...all, billing: change(all.billing) })),
    [],
  );
  const updateShipping = useCallback(
    (change: (d: AddressDraft) => AddressDraft) =>
      setDrafts((all) => ({ ...all, shipping: change(all.shipping) })),
    [],
  );

  const startEditing = () => {
    setCopy(drafts);
    setEditing(true);
  };
  const cancel = () => {
    setDrafts(copy);
    setCopyBilling(false);
    setErrors({});
    setFailure(null);
    setEditing(false);
  };
  const submit = async () => {
    const billing = parse(drafts.billing);
    const shipping = copyBilling ? billing : parse(drafts.shipping);
    setErrors({ billing: billing.errors, shipping: copyBilling ? undefined : shipping.errors });
    setFailure(null);
    if (!billing.address || !shipping.address) return;
    const body: { billingAddress: Address; shippingAddress: Address } = {
      billingAddress: billing.address,
      shippingAddress: shipping.address,
    };
    try {
      await save.mutateAsync(body);
    } catch (error) {
      setFailure(saveFailure(error));
      return;
    }
    setDrafts({ billing: draftOf(body.billingAddress), shipping: draftOf(body.shippingAddress) });
    setCopyBilling(false);
    setEditing(false);
    toast({ title: M.saved, variant: 'success' });
  };

  return (
    <form
      className="flex flex-col gap-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-semibold text-fg">Billing address</legend>
        <AddressFields
          kind="billing"
          value={drafts.billing}
          update={updateBilling}
          editable={editing && !save.isPending}
          errors={errors.billing}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-semibold text-fg">Shipping address</legend>
        {editing ? (
          <CheckboxField
            label="Same as the billing address"
            checked={copyBilling}
            onCheckedChange={setCopyBilling}
            disabled={save.isPending}
          />
        ) : null}
        <AddressFields
          kind="shipping"
          value={copyBilling ? drafts.billing : drafts.shipping}
          update={updateShipping}
          editable={editing && !copyBilling && !save.isPending}
          errors={errors.shipping}
        />
      </fieldset>
      <FormError message={failure} />
      <div className="flex gap-2">
        {/* Keyed apart: were Edit's element reused as Save, the click that starts editing
            would end as a submit of the form it just switched to. */}
        {editing ? (
          <>
            <Button key="save" type="submit" loading={save.isPending}>
              Save addresses
            </Button>
            <Button
              key="cancel"
              type="button"
              variant="secondary"
              onClick={cancel}
              disabled={save.isPending}
            >
              Cancel
            </Button>
          </>
        ) : (
          <Button key="edit" type="button" variant="secondary" onClick={startEditing}>
            Edit addresses
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * Billing and shipping addresses of an organisation (spec 3 §4): read-only until Edit; Cancel
 * puts back what was there; "Same as the billing address" saves billing as shipping too.
 */
export function AddressesCard({ organizationId }: { organizationId: string }) {
  const organization = useOrganizationAddresses(organizationId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Addresses</CardTitle>
        <CardDescription>Where invoices are addressed and purchases are shipped.</CardDescription>
      </CardHeader>
      <CardContent>
        {organization.data ? (
          <AddressesForm
            // A refetch that brings the same addresses keeps an edit in progress.
            key={savedKey(organization.data.data)}
            organizationId={organizationId}
            saved={draftsOf(organization.data.data)}
          />
        ) : organization.isError ? (
          <LoadError
            icon={MapPin}
            what="The addresses"
            onRetry={() => void organization.refetch()}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-9 sm:col-span-2" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
