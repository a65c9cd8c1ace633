import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Address, OrganizationDetail } from '@parley/contracts';
import { organizationAddresses } from '../../platform/db/schema.js';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, expectRefusal, json } from '../../test/context.js';

/** The installed location dataset's ids. */
const US = 233;
const CALIFORNIA = 1416;
const LOS_ANGELES = 120784;
const TEXAS = 1407;
const AUSTIN = 111668;
const VATICAN = 238;

const billing: Address = {
  addressLine1: '1 Market Street',
  countryId: US,
  stateId: CALIFORNIA,
  cityId: LOS_ANGELES,
  zipcode: '90012',
};
const shipping: Address = {
  addressLine1: '500 Congress Ave',
  countryId: US,
  stateId: TEXAS,
  cityId: AUSTIN,
  zipcode: '78701',
};

const who = useSignedInApp(['admin', 'poc', 'member', 'outsider']);
const acme = () => who.poc.user.organizationId;
const patch = (orgId: string, payload: unknown, token = who.poc.accessToken) =>
  call(ctx, 'PATCH', `/organization/${orgId}`, { token, payload });
const read = async (orgId: string, token = who.poc.accessToken) => {
  const res = await call(ctx, 'GET', `/organization/${orgId}`, { token });
  expect(res.statusCode).toBe(200);
  return json<{ data: OrganizationDetail }>(res).data;
};
const storedRows = (orgId: string) =>
  ctx.database.db
    .select()
    .from(organizationAddresses)
    .where(eq(organizationAddresses.organizationId, orgId));

describe('PATCH organization/{orgId} {billingAddress, shippingAddress}', () => {
  it('the point of contact sets both addresses of their organisation; GET gives them back', async () => {
    expect(await read(acme())).toMatchObject({ billingAddress: null, shippingAddress: null });
    const res = await patch(acme(), { billingAddress: billing, shippingAddress: shipping });
    expect(res.statusCode).toBe(200);
    const body = json<{ data: OrganizationDetail; message: string }>(res);
    expect(body.message).toBe('Organization updated');
    expect(body.data).toMatchObject({
      name: 'Acme Corp',
      billingAddress: billing,
      shippingAddress: shipping,
    });
    expect(await read(acme())).toMatchObject({
      billingAddress: billing,
      shippingAddress: shipping,
    });
  });

  it('changes only what is sent: a new billing address leaves shipping and the name as they were', async () => {
    const moved = { ...billing, addressLine1: '  2 Market Street ', zipcode: '90013' };
    const res = await patch(acme(), { billingAddress: moved });
    expect(res.statusCode).toBe(200);
    const after = await read(acme());
    expect(after.billingAddress).toEqual({ ...moved, addressLine1: '2 Market Street' });
    expect(after.shippingAddress).toEqual(shipping);
    expect(after.name).toBe('Acme Corp');
    expect(await storedRows(acme())).toHaveLength(2);
  });

  it('takes a country without states with no state or city', async () => {
    const holySee = {
      addressLine1: 'Via della Posta',
      countryId: VATICAN,
      stateId: null,
      cityId: null,
      zipcode: '00120',
    };
    const res = await patch(acme(), { shippingAddress: holySee });
    expect(res.statusCode).toBe(200);
    expect((await read(acme())).shippingAddress).toEqual(holySee);
    expect((await patch(acme(), { shippingAddress: shipping })).statusCode).toBe(200);
  });

  it('refuses a state outside the country or a city outside the state, and writes nothing', async () => {
    const before = await read(acme());
    const cases: [Address, string][] = [
      [
        { ...billing, stateId: 3010 /* Berlin, Germany */ },
        'The state is not in the chosen country',
      ],
      [{ ...billing, cityId: AUSTIN }, 'The city is not in the chosen state'],
      [{ ...billing, countryId: 999999 }, 'Choose a country from the list'],
      [{ ...billing, stateId: null, cityId: null }, 'Choose a state of the chosen country'],
      [{ ...billing, cityId: null }, 'Choose a city of the chosen state'],
      [{ ...billing, countryId: VATICAN }, 'The state is not in the chosen country'],
    ];
    for (const [address, message] of cases) {
      // A good shipping address beside a bad billing one is not kept either: all or nothing.
      const res = await patch(acme(), {
        billingAddress: address,
        shippingAddress: { ...shipping, addressLine1: 'Should not be kept' },
      });
      expectRefusal(res, 400, message);
    }
    expect(await read(acme())).toEqual(before);
  });

  it('refuses malformed bodies with 400', async () => {
    const bad: unknown[] = [
      {},
      { billingAddress: { ...billing, addressLine1: '   ' } },
      { billingAddress: { ...billing, countryId: 'US' } },
      { billingAddress: { ...billing, zipcode: '<script>' } },
      { billingAddress: { ...billing, stateId: undefined } },
    ];
    for (const payload of bad) expect((await patch(acme(), payload)).statusCode).toBe(400);
  });

  it('the super admin sets any organisation’s addresses', async () => {
    const outsiderOrg = who.outsider.user.organizationId;
    const res = await patch(outsiderOrg, { billingAddress: shipping }, who.admin.accessToken);
    expect(res.statusCode).toBe(200);
    expect((await read(outsiderOrg, who.outsider.accessToken)).billingAddress).toEqual(shipping);
  });
});

describe('tenancy and permission', () => {
  it('another organisation’s point of contact gets 404 for Acme, reading or writing, and nothing changes', async () => {
    const before = await read(acme());
    const outsider = who.outsider.accessToken;
    const get = await call(ctx, 'GET', `/organization/${acme()}`, { token: outsider });
    expectRefusal(get, 404, 'Organization not found');
    const res = await patch(acme(), { billingAddress: shipping, name: 'Taken' }, outsider);
    expectRefusal(res, 404, 'Organization not found');
    expect(await read(acme())).toEqual(before);
  });

  it('a member without organization.manage gets 403, even for their own organisation', async () => {
    const token = who.member.accessToken;
    expect((await patch(acme(), { billingAddress: shipping }, token)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', `/organization/${acme()}`, { token })).statusCode).toBe(403);
    expect((await patch(acme(), { billingAddress: shipping }, '')).statusCode).toBe(401);
  });

  it('a closed organisation’s addresses can no longer be changed, even by the super admin', async () => {
    const outsiderOrg = who.outsider.user.organizationId;
    expect(await storedRows(outsiderOrg)).toHaveLength(1);
    await call(ctx, 'DELETE', `/organization/${outsiderOrg}`, {
      token: who.admin.accessToken,
      payload: { confirmName: 'Elsewhere' },
    });
    expectRefusal(
      await patch(outsiderOrg, { billingAddress: billing }, who.admin.accessToken),
      404,
      'Organization not found',
    );
  });
});
