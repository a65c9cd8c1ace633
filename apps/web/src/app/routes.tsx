import type { RouteObject } from 'react-router';
import { AuthLayout } from '../features/auth';
import { lazyPage } from '../lib/lazy-page';
import { PageSpinner } from '../ui';
import { NotFound, RouteError } from './errors/RouteError';
import { Protected } from './Protected';
import { RootLayout } from './RootLayout';
import { AppShell, PlainShell } from './shell/AppShell';

type PageLoader = Parameters<typeof lazyPage>[0];

/** A lazily loaded page; every route has the error element. */
const page = (path: string | undefined, load: PageLoader): RouteObject =>
  path === undefined
    ? { index: true, lazy: lazyPage(load), errorElement: <RouteError /> }
    : { path, lazy: lazyPage(load), errorElement: <RouteError /> };

const home = () => import('../features/home/HomePage');

/** Spec 1 §2 route table. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      // Auth layout: marketing panel left, form right.
      {
        element: <AuthLayout />,
        errorElement: <RouteError />,
        children: [
          page('signin', () => import('../features/auth/SignInPage')),
          page('verify-signin', () => import('../features/auth/VerifySignInPage')),
          page('signup', () => import('../features/auth/SignUpPage')),
          page('verify-signup', () => import('../features/auth/VerifySignUpPage')),
          {
            element: <Protected scope="plain" />,
            errorElement: <RouteError />,
            children: [
              page(
                'integrations',
                () => import('../features/integrations/IntegrationsOnboardingPage'),
              ),
              page('bot-login', () => import('../features/integrations/BotLoginPage')),
            ],
          },
        ],
      },
      // Protected routes inside the shell with sidebar.
      {
        element: (
          <Protected scope="sidebar">
            <AppShell />
          </Protected>
        ),
        errorElement: <RouteError />,
        children: [
          page(undefined, home),
          page('home', home),
          page('library', () => import('./pages/LibraryPage')),
          page('library/:id', () => import('./pages/MeetingPage')),
          page('search', () => import('../features/search/SearchPage')),
          page('accounts', () => import('../features/sales/AccountsPage')),
          page('accounts/deals/:id', () => import('../features/sales/DealPage')),
          page('zai', () => import('../features/zai/ZaiPage')),
          page('coaching', () => import('../features/coaching/CoachingPage')),
          page('app-integrations', () => import('../features/integrations/AppIntegrationsPage')),
          page('configuration', () => import('../features/configuration/ConfigurationPage')),
          page('configuration/prompts', () => import('../features/prompts/PromptWorkbenchPage')),
          page('configuration/models', () => import('../features/configuration/ModelsPage')),
          page(
            'configuration/ai-providers',
            () => import('../features/integrations/AiProvidersPage'),
          ),
          page('configuration/trackers', () => import('../features/trackers/TrackersPage')),
          page('configuration/avatars', () => import('../features/avatars/AvatarsSettingsPage')),
          page('parameters', () => import('../features/parameters/ParametersPage')),
          page('billing', () => import('../features/billing/EnterpriseManagementPage')),
          page('user-logs', () => import('../features/user-logs/UserLogsPage')),
          page('user-management', () => import('../features/users/UserManagementPage')),
          page(
            'organization-management',
            () => import('../features/organizations/OrganizationsPage'),
          ),
          page(
            'organization-management/:id',
            () => import('../features/organizations/OrganizationPage'),
          ),
          page('profile', () => import('../features/profile/ProfilePage')),
          page('settings', () => import('../features/profile/SettingsPage')),
          page('interviews', () => import('../features/interviews/InterviewsPage')),
          page('mock-interviews', () => import('../features/interviews/InterviewsPage')),
          page(
            'mock-interviews/new',
            () => import('../features/talent-pool/MockInterviewSetupPage'),
          ),
          page(
            'mock-interviews/:id/run',
            () => import('../features/talent-pool/MockInterviewRunPage'),
          ),
          page(
            'mock-interviews/:id/feedback',
            () => import('../features/talent-pool/feedback/MockInterviewFeedbackPage'),
          ),
          page(
            'configuration/talent-pool',
            () => import('../features/talent-pool/TalentCatalogPage'),
          ),
          page('interviews/compare', () => import('../features/scorecards/ComparePage')),
          page('interviews/:id', () => import('./pages/InterviewPage')),
        ],
      },
      // Shell without sidebar.
      {
        element: (
          <Protected scope="plain">
            <PlainShell />
          </Protected>
        ),
        errorElement: <RouteError />,
        children: [
          page('pricing', () => import('../features/billing/PricingPage')),
          page('help', () => import('../features/help/HelpPage')),
          page('rooms', () => import('../features/rooms/NewRoomPage')),
          page('about/analysis', () => import('../features/accuracy/AboutAnalysisPage')),
        ],
      },
      // Unwrapped pages (no shell).
      {
        element: <Protected scope="unwrapped" />,
        errorElement: <RouteError />,
        children: [
          page('consent', () => import('../features/consent/ConsentPage')),
          page('rooms/:meetingId', () => import('../features/rooms/RoomPage')),
          page('insights', () => import('../features/insights/InsightsPage')),
        ],
      },
      // Bare and participant routes, reachable without login.
      page('public/view/:token', () => import('./pages/PublicViewPage')),
      page('rooms/:meetingId/join/:token', () => import('../features/rooms/GuestRoomPage')),
      page('rooms/:meetingId/bot/:pass', () => import('../features/rooms/BotPage')),
      page('avatar', () => import('../features/avatars/AvatarPage')),
      page('avatar/:id', () => import('../features/avatars/AvatarPage')),
      page('avatar_gox/:id', () => import('../features/avatars/AvatarPage')),
      page(
        'participants/invite-form/:organizationId/:email',
        () => import('../features/biometrics/ParticipantPage'),
      ),
      page(
        'participants/invite-form/hr-workflow/:organizationId/:email/:applicantId',
        () => import('../features/biometrics/ParticipantPage'),
      ),
      page('participants/permission', () => import('../features/biometrics/GuidePage')),
      page('participants/confirmed', () => import('../features/biometrics/ConfirmedPage')),
      page('participants/record', () => import('../features/biometrics/GuidePage')),
      page('participants/guide', () => import('../features/biometrics/GuidePage')),
      { path: '*', element: <NotFound />, errorElement: <RouteError /> },
    ],
  },
];
