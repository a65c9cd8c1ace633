import { afterAll, describe, expect, it } from 'vitest';
import {
  COACHING_MESSAGES as C,
  featureUnavailableMessage,
  type CoachingItem,
} from '@parley/contracts';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { googleEnv, googleLink, startGoogleStandIn } from '../../test/coaching-kit.js';
import { call, expectRefusal, json } from '../../test/context.js';
import { grantBundle } from '../../test/plans-kit.js';

const google = await startGoogleStandIn();
afterAll(() => google.close());

const who = useSignedInApp(
  ['admin', 'poc', 'manager', 'rep', 'member', 'seeker', 'outsider'],
  undefined,
  { env: googleEnv(google.origin) },
);

const post = (token: string, path: string, payload: unknown) =>
  call(ctx, 'POST', path, { token, payload });
const fetchStage = (token: string, extra: Record<string, unknown> = {}) =>
  post(token, '/coaching/fetch', { stage: 'prospecting_stage', ...extra });
const titles = (res: Awaited<ReturnType<typeof call>>) =>
  json<CoachingItem[]>(res).map((i) => i.title);

describe('coaching links', () => {
  it('refuses a link of the wrong shape with the message of its type', async () => {
    const cases = [
      ['ppt', googleLink.doc('public-doc-0001'), C.invalidLink.ppt],
      ['doc', 'https://example.com/document/d/public-doc-0001/edit', C.invalidLink.doc],
      ['pdf', googleLink.ppt('public-ppt-0001'), C.invalidLink.pdf],
    ] as const;
    for (const [type, presentationUrl, message] of cases) {
      const res = await post(who.poc.accessToken, '/coaching/create', {
        title: 'Pitch',
        type,
        presentationUrl,
      });
      expect(res.statusCode).toBe(400);
      expectRefusal(res, 400, message);
    }
    expect(google.requested).toEqual([]);
  });

  it('checks sharing on the server: 401, 403 and a sign-in redirect say to share it', async () => {
    for (const id of ['private401-deck-01', 'private403-deck-01', 'signin-deck-0001']) {
      const res = await post(who.poc.accessToken, '/coaching/create', {
        title: 'Private deck',
        type: 'ppt',
        presentationUrl: googleLink.ppt(id),
      });
      expectRefusal(res, 400, C.notShared);
    }
    // The same wording for a document and a PDF (spec 1 §5).
    const doc = await post(who.poc.accessToken, '/coaching/create', {
      title: 'Private doc',
      type: 'doc',
      presentationUrl: googleLink.doc('private403-doc-01'),
    });
    expectRefusal(doc, 400, C.notShared);
    const missing = await post(who.poc.accessToken, '/coaching/create', {
      title: 'Gone',
      type: 'pdf',
      presentationUrl: googleLink.pdf('deleted-file-0001'),
    });
    expectRefusal(missing, 400, C.invalidLink.pdf);
  });

  it('does not follow a redirect to another document', async () => {
    google.requested.length = 0;
    const res = await post(who.poc.accessToken, '/coaching/create', {
      title: 'Moved deck',
      type: 'ppt',
      presentationUrl: googleLink.ppt('moved-deck-00001'),
    });
    expect(res.statusCode).toBe(201);
    expect(google.requested).toEqual(['/presentation/d/moved-deck-00001/edit?usp=sharing']);
    await post(who.poc.accessToken, '/coaching/delete', { id: json<CoachingItem>(res).id });
  });
});

describe('default and organisation content', () => {
  it('needs the Sales Coaching feature in the organisation’s plan', async () => {
    const res = await fetchStage(who.outsider.accessToken);
    expectRefusal(res, 403, featureUnavailableMessage('Sales Coaching'));
    await grantBundle(ctx, who.outsider.user.organizationId, 'Sales Suite');
    expect((await fetchStage(who.outsider.accessToken)).statusCode).toBe(200);
  });

  it('shows defaults to every organisation and an organisation’s own only to it', async () => {
    const byDefault = await post(who.admin.accessToken, '/coaching/superAdminCreate', {
      title: 'Discovery questions',
      type: 'ppt',
      presentationUrl: googleLink.ppt('public-default-deck'),
    });
    expect(byDefault.statusCode).toBe(201);
    expect(json<CoachingItem>(byDefault)).toMatchObject({ isDefault: true, type: 'ppt' });
    const own = await post(who.poc.accessToken, '/coaching/create', {
      title: 'Acme objection handling',
      type: 'pdf',
      presentationUrl: googleLink.pdf('public-acme-pdf-01'),
      organizationId: who.poc.user.organizationId,
    });
    expect(own.statusCode).toBe(201);
    expect(json<CoachingItem>(own)).toMatchObject({
      isDefault: false,
      organizationId: who.poc.user.organizationId,
      stage: 'prospecting_stage',
    });

    for (const account of ['poc', 'manager', 'rep'] as const) {
      expect(titles(await fetchStage(who[account].accessToken))).toEqual([
        'Discovery questions',
        'Acme objection handling',
      ]);
    }
    expect(titles(await fetchStage(who.outsider.accessToken))).toEqual(['Discovery questions']);
    // Naming Acme does not help the outsider; the session decides the organisation.
    const asAcme = await fetchStage(who.outsider.accessToken, {
      organizationId: who.poc.user.organizationId,
    });
    expectRefusal(asAcme, 404, C.organizationNotFound);
    // Another stage has nothing yet.
    const other = await fetchStage(who.rep.accessToken, { stage: 'discovery_stage' });
    expect(json(other)).toEqual([]);

    const superView = await post(who.admin.accessToken, '/coaching/superAdminFetch', {
      stage: 'prospecting_stage',
    });
    expect(titles(superView)).toEqual(['Discovery questions']);
    const withAcme = await post(who.admin.accessToken, '/coaching/superAdminFetch', {
      stage: 'prospecting_stage',
      organizationId: who.poc.user.organizationId,
    });
    expect(titles(withAcme)).toEqual(['Discovery questions', 'Acme objection handling']);
  });

  it('lets an organisation delete only its own content; the super admin deletes defaults', async () => {
    const items = json<CoachingItem[]>(await fetchStage(who.poc.accessToken));
    const [byDefault, own] = items as [CoachingItem, CoachingItem];
    const outsiderDelete = await post(who.outsider.accessToken, '/coaching/delete', { id: own.id });
    expectRefusal(outsiderDelete, 404, C.contentNotFound);
    const pocDeletesDefault = await post(who.poc.accessToken, '/coaching/delete', {
      id: byDefault.id,
    });
    expectRefusal(pocDeletesDefault, 404, C.contentNotFound);
    expect(titles(await fetchStage(who.rep.accessToken))).toHaveLength(2);

    const deleted = await post(who.poc.accessToken, '/coaching/delete', { id: own.id });
    expect(json(deleted)).toEqual({ message: C.contentDeleted });
    const superDeleted = await post(who.admin.accessToken, '/coaching/superAdminDelete', {
      id: byDefault.id,
    });
    expect(superDeleted.statusCode).toBe(200);
    expect(json(await fetchStage(who.rep.accessToken))).toEqual([]);
  });

  it('answers each role as its permissions say', async () => {
    const link = {
      title: 'Deck',
      type: 'ppt',
      presentationUrl: googleLink.ppt('public-role-deck'),
    };
    const statuses = async (path: string, payload: unknown) => {
      const out: Record<string, number> = {};
      for (const account of ['admin', 'poc', 'manager', 'rep', 'member', 'seeker'] as const) {
        out[account] = (await post(who[account].accessToken, path, payload)).statusCode;
      }
      return out;
    };
    // The super admin's organisation is the platform's: no plan applies, every feature does.
    expect(await statuses('/coaching/fetch', { stage: 'prospecting_stage' })).toEqual({
      admin: 200,
      poc: 200,
      manager: 200,
      rep: 200,
      member: 403,
      seeker: 403,
    });
    expect(await statuses('/coaching/superAdminCreate', link)).toEqual({
      admin: 201,
      poc: 403,
      manager: 403,
      rep: 403,
      member: 403,
      seeker: 403,
    });
    const created = await statuses('/coaching/create', link);
    expect(created).toMatchObject({ poc: 201, manager: 403, rep: 403, member: 403, seeker: 403 });
  });
});
