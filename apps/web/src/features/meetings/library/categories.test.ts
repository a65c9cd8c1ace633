import { describe, expect, it } from 'vitest';
import { meetingRoutes, sharingRoutes, type FeatureHolder } from '@parley/contracts';
import { categoriesFor, categoryFromSlug, categoryOf } from './categories';
import { initialTableState, isFiltered, setFilter } from './list-state';

const holder = (bundles: string[]): FeatureHolder => ({
  organization: { isB2C: false },
  plan: { currentBundles: bundles.map((name) => ({ id: name, name, features: [] })) },
});

describe('library categories (spec 2 §2)', () => {
  it('offers the five lists, and Call Intelligence only with Sales Intelligence', () => {
    expect(categoriesFor(holder(['Base'])).map((c) => c.label)).toEqual([
      'All Meetings',
      'Shared with me',
      'Past',
      'Scheduled',
      'Reports',
    ]);
    expect(categoriesFor(holder(['Sales Intelligence'])).at(-1)?.label).toBe('Call Intelligence');
    expect(categoriesFor({ organization: { isB2C: true }, plan: null })).toHaveLength(6);
    expect(categoriesFor(null)).toHaveLength(5);
  });

  it('maps each to its route, and an unknown or unavailable URL value to All Meetings', () => {
    const all = categoriesFor(holder(['Sales Intelligence']));
    expect(categoryFromSlug('shared', all).route).toBe(sharingRoutes.sharedWithMe);
    expect(categoryFromSlug('past', all).route).toBe(meetingRoutes.past);
    expect(categoryFromSlug('scheduled', all).route).toBe(meetingRoutes.schedule);
    expect(categoryFromSlug('reports', all).route).toBe(meetingRoutes.reports);
    expect(categoryFromSlug('calls', all).route).toBe(meetingRoutes.callIntelligence);
    expect(categoryFromSlug('calls', categoriesFor(holder([]))).label).toBe('All Meetings');
    expect(categoryFromSlug('nonsense', all).route).toBe(meetingRoutes.list);
    expect(categoryFromSlug(null, all).route).toBe(meetingRoutes.list);
    expect(categoryOf('Past', all).slug).toBe('past');
  });

  it('is not a filter: choosing one leaves the query unfiltered (the route chooses the list)', () => {
    const s = setFilter(initialTableState(), 'category', 'Shared with me');
    expect(s.filters.category).toBe('Shared with me');
    expect(isFiltered(s)).toBe(false);
  });
});
