/**
 * The library's categories (spec 2 §2 Meeting lists, table state `category`): each one is a
 * list the server already has, chosen by route rather than by a filter of GET meeting/user.
 */
import {
  isFeatureAvailable,
  meetingRoutes,
  sharingRoutes,
  type FeatureHolder,
  type FeatureName,
} from '@parley/contracts';
import type { MeetingListRoute } from '../api';
import { ALL_MEETINGS } from './list-state';

export interface Category {
  /** The table state's value (spec 2 §2), also the selector's label. */
  label: string;
  /** How the URL names it (`?category=`); absent for the default. */
  slug: string;
  route: MeetingListRoute;
  /** What an empty list of this category means. */
  empty: { title: string; description: string };
  /** Shown only to organisations with this feature (the route refuses the others). */
  feature?: FeatureName;
}

export const CATEGORIES: readonly Category[] = [
  {
    label: ALL_MEETINGS,
    slug: '',
    route: meetingRoutes.list,
    empty: {
      title: 'No meetings yet',
      description:
        'Upload a recording of a call (video or audio, up to 1 GB). Parley transcribes and analyzes it for you.',
    },
  },
  {
    label: 'Shared with me',
    slug: 'shared',
    route: sharingRoutes.sharedWithMe,
    empty: {
      title: 'Nothing has been shared with you yet',
      description: 'Meetings a colleague shares with you appear here.',
    },
  },
  {
    label: 'Past',
    slug: 'past',
    route: meetingRoutes.past,
    empty: {
      title: 'No past meetings',
      description: 'Meetings that started before now appear here.',
    },
  },
  {
    label: 'Scheduled',
    slug: 'scheduled',
    route: meetingRoutes.schedule,
    empty: {
      title: 'Nothing scheduled',
      description: 'Meetings that start later, and live meetings not yet analyzed, appear here.',
    },
  },
  {
    label: 'Reports',
    slug: 'reports',
    route: meetingRoutes.reports,
    empty: {
      title: 'No reports yet',
      description: 'A meeting appears here once its analysis is processed.',
    },
  },
  {
    label: 'Call Intelligence',
    slug: 'calls',
    route: meetingRoutes.callIntelligence,
    feature: 'Sales Intelligence',
    empty: {
      title: 'No analyzed sales calls yet',
      description:
        'Meetings in a sales stage (any stage but Basic meeting) appear here once their analysis is processed.',
    },
  },
];

const DEFAULT_CATEGORY = CATEGORIES[0] as Category;

/** The categories this user may pick: Call Intelligence needs Sales Intelligence. */
export function categoriesFor(holder: FeatureHolder | null): Category[] {
  return CATEGORIES.filter((c) => !c.feature || (holder && isFeatureAvailable(holder, c.feature)));
}

/** The category a URL names; an unknown or unavailable one is the default (All Meetings). */
export function categoryFromSlug(slug: string | null, available: readonly Category[]): Category {
  return available.find((c) => c.slug !== '' && c.slug === slug) ?? DEFAULT_CATEGORY;
}

/** The category of a table-state value; the default for an unknown one. */
export function categoryOf(label: string, available: readonly Category[]): Category {
  return available.find((c) => c.label === label) ?? DEFAULT_CATEGORY;
}
