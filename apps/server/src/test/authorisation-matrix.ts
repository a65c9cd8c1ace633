import type { SEEDED_ACCOUNTS } from './app-kit.js';

/**
 * Who may call which route: the readable table of issue 12 item 6, kept by hand. It is NOT
 * computed from the contracts' permissions: it states what the product intends, and the test
 * (platform/http/authorisation-matrix.test.ts) checks the server against it, so a permission
 * given to the wrong route, or a role given the wrong permission, shows up as a difference.
 *
 * Each route `METHOD /path` (path as in its contract) maps to the seeded accounts whose role
 * may call it, or to PUBLIC for the calls made without a bearer token. The accounts are the
 * six default roles: admin (superadmin), poc, manager (salesManager), rep (salesRep),
 * member (user) and seeker (talentPoolUser, a B2C individual). The outsider (the point of
 * contact of another organisation) is expected to pass or fail exactly as `poc` does: a
 * permission is about the role; which rows a caller reaches is the repositories' business,
 * which the test's second part checks (404 for another organisation's ids).
 *
 * A route in the contracts with no row here fails the test by name: add the row.
 */
export type Account = keyof typeof SEEDED_ACCOUNTS;

export const PUBLIC = 'public';

/** Every account: what any signed-in member does with their own meetings and profile. */
const EVERYONE: readonly Account[] = ['admin', 'poc', 'manager', 'rep', 'member', 'seeker'];
/** The organisation's administrators: its point of contact, and the platform's super admin. */
const ADMINS: readonly Account[] = ['admin', 'poc'];
/** Who reads the organisation's people and groups: its administrators and sales managers. */
const PEOPLE_READERS: readonly Account[] = ['admin', 'poc', 'manager'];
/** The hiring team (interviews.manage): users, the point of contact and the super admin. */
const HIRING: readonly Account[] = ['admin', 'poc', 'member'];
/** Coaching learners (coaching.learn): the sales team, its point of contact, the super admin. */
const LEARNERS: readonly Account[] = ['admin', 'poc', 'manager', 'rep'];
/** Who follows the team's coaching progress (coaching.team). */
const COACHES: readonly Account[] = ['admin', 'poc', 'manager'];
/** Who defines the keyword trackers (trackers.manage): administrators and sales managers. */
const TRACKER_KEEPERS: readonly Account[] = ['admin', 'poc', 'manager'];
/** The sales team (sales.read): reads accounts and deals, its own sales calls, links its calls. */
const SALES = LEARNERS;
/** Who runs the deals and reads the team's figures (sales.manage, sales.team). */
const SALES_LEADS: readonly Account[] = ['admin', 'poc', 'manager'];
/** The platform's super admin only. */
const PLATFORM: readonly Account[] = ['admin'];

/** The super admin's catalogue (spec 3 §7 Features, credit slabs, bundles): theirs alone. */
const catalogueRows = (base: string) => ({
  [`GET /${base}/count`]: PLATFORM,
  [`GET /${base}/query`]: PLATFORM,
  [`GET /${base}`]: PLATFORM,
  [`POST /${base}`]: PLATFORM,
  [`PATCH /${base}/:id`]: PLATFORM,
  [`DELETE /${base}/:id`]: PLATFORM,
});

export const AUTHORISATION_MATRIX: Record<string, readonly Account[] | typeof PUBLIC> = {
  // Sign-in and the session (spec 1): made before there is a token, or to end one.
  'POST /auth/check-session': PUBLIC,
  'POST /auth/logout': PUBLIC,
  'GET /auth/providers': PUBLIC,
  'POST /auth/refresh-credentials': PUBLIC,
  'POST /auth/remove-session': PUBLIC,
  'POST /auth/removeGoogleSession': PUBLIC,
  'POST /auth/removeMicrosoftSession': PUBLIC,
  'POST /auth/request-signin': PUBLIC,
  'POST /auth/request-signup': PUBLIC,
  'POST /auth/revoke-credentials': PUBLIC,
  'POST /auth/verify-signin': PUBLIC,
  'POST /auth/verify-signup': PUBLIC,
  'GET /dev/outbox': PUBLIC,
  'GET /auth/me': EVERYONE,
  'GET /auth/features': EVERYONE,

  // Own profile, settings, consent and activity.
  'GET /user': EVERYONE,
  'PATCH /user': EVERYONE,
  'POST /user/image': EVERYONE,
  'POST /user/deleteimage': EVERYONE,
  'GET /user/settings': EVERYONE,
  'PATCH /user/settings': EVERYONE,
  'POST /b2c/user/consent': EVERYONE,
  // The talent pool (issue 19): a seeker's own profile and mock interviews; looked up by
  // e-mail, the own one or, for the super admin, anyone's (others get 404, not 403).
  'POST /b2c/user/profile': ['seeker'],
  'POST /b2c/user/get/profile': EVERYONE,
  'DELETE /b2c/resume': ['seeker'],
  'POST /b2c/mock-interview': ['seeker'],
  'GET /b2c/mock-interview/:id': ['seeker'],
  'POST /b2c/mock-interview/:id/start': ['seeker'],
  'PUT /b2c/mock-interview/:id/chunk': ['seeker'],
  'POST /b2c/mock-interview/:id/answer': ['seeker'],
  'POST /b2c/mock-interview/:id/finish': ['seeker'],
  'GET /b2c/user/get/mock-interviews': ['seeker'],
  'POST /b2c/mock-interview/submit': ['seeker'],
  'GET /meeting/user/b2c': ['seeker'],
  'POST /meeting/b2c/user/analysis': ['seeker'],
  // The own data's archive and the account's deletion (talent-pool accounts only).
  'GET /b2c/user/export': ['seeker'],
  'DELETE /b2c/user/account': ['seeker'],
  'POST /b2c/user/get/mock-interviews': EVERYONE,
  // Its companies and roles: everyone reads the active ones, the super admin keeps them.
  'GET /b2c/company/all': EVERYONE,
  'GET /b2c/company-query': PLATFORM,
  'POST /b2c/company': PLATFORM,
  'PUT /b2c/company/:id': PLATFORM,
  'DELETE /b2c/company/:id': PLATFORM,
  'GET /b2c/role-level': EVERYONE,
  'GET /b2c/role-query': PLATFORM,
  'POST /b2c/role': PLATFORM,
  'PUT /b2c/role/:id': PLATFORM,
  'DELETE /b2c/role/:id': PLATFORM,
  'GET /userlog/user/:userId': EVERYONE,
  'GET /parameter/parameters': EVERYONE,
  'GET /plan/free-meeting-credits': EVERYONE,

  // The organisation's own profile: everyone reads it, its administrators change it.
  'GET /organization': EVERYONE,
  'PATCH /organization': ADMINS,
  'POST /organization/image': ADMINS,
  'POST /organization/deleteimage': ADMINS,
  'GET /organization/settings': ADMINS,
  'PATCH /organization/settings': ADMINS,
  'GET /organization/privacy': ADMINS,
  'PATCH /organization/privacy': ADMINS,
  'GET /organization/retention': ADMINS,
  'PATCH /organization/retention': ADMINS,
  // One organisation with its billing and shipping addresses (spec 3 §4, §7): the caller's own,
  // any for the super admin.
  'GET /organization/:organizationId': ADMINS,
  'PATCH /organization/:organizationId': ADMINS,
  // The address form's lists.
  'GET /location': EVERYONE,
  'GET /location/:countryId': EVERYONE,
  'GET /location/state/:stateId': EVERYONE,

  // Meetings: lists, one meeting, uploads.
  'GET /home/summary': EVERYONE,
  'GET /meeting/user': EVERYONE,
  'GET /meeting/user/past': EVERYONE,
  'GET /meeting/user/schedule': EVERYONE,
  'GET /meeting/user/reports': EVERYONE,
  'GET /meeting/callIntelligence': EVERYONE,
  'GET /meeting/:meetingId': EVERYONE,
  'DELETE /meeting/:meetingId': EVERYONE,
  'DELETE /meeting/superAdmin/:meetingId': PLATFORM,
  'POST /meeting/from-storage': EVERYONE,
  'POST /meeting/from-link': EVERYONE,
  // Parley rooms (issue 18 item 1): anyone who creates meetings hosts one; guests by link.
  'POST /rooms': EVERYONE,
  'GET /rooms/:meetingId': EVERYONE,
  'GET /rooms/:meetingId/guest/:token': PUBLIC,
  // Meeting bots (issue 18): whoever creates meetings sends a bot; whoever sees the meeting
  // reads its bot and may withdraw consent for recording.
  'POST /extension': EVERYONE,
  'PATCH /extension/:id': EVERYONE,
  'GET /extension/meeting/:meetingId': EVERYONE,
  'GET /extension/meetings': EVERYONE,
  'GET /extension/status': EVERYONE,
  'POST /meeting/join': EVERYONE,
  'POST /meeting/login-bot': EVERYONE,
  'POST /integration/local/initiate-upload': EVERYONE,
  'POST /integration/local/complete-upload': EVERYONE,
  'POST /integration/aws/initiate-upload': EVERYONE,
  'POST /integration/aws/complete-upload': EVERYONE,
  'POST /integration/azure/initiate-upload': EVERYONE,
  'POST /integration/azure/complete-upload': EVERYONE,
  'POST /plan/meetings': EVERYONE,
  'POST /plan/usage/day': EVERYONE,

  // Analysis of a meeting: reading it, running it, correcting it.
  'POST /offline/start': EVERYONE,
  'POST /offline/analyze': EVERYONE,
  'POST /offline/re-analyze': EVERYONE,
  'GET /offline/status/:meetingId': EVERYONE,
  'GET /offline/speaker-time-mapping/:meetingId': EVERYONE,
  'GET /transcription/:meetingId': EVERYONE,
  'PATCH /transcription/:dashboard/:meetingId': EVERYONE,
  // The unmasked words of a redacted transcript: the organisation's administrators only.
  'GET /transcription/originals/:meetingId': ADMINS,
  'GET /voice-diaraization/:meetingId': EVERYONE,
  'GET /inference/sentiment/:meetingId': EVERYONE,
  'GET /inference/speaking-rate/:meetingId': EVERYONE,
  'GET /inference/conversation/:meetingId': EVERYONE,
  'PATCH /meeting/participant': EVERYONE,
  'GET /parameter/threshold-values': EVERYONE,

  // Video signals.
  'GET /inference/age/:meetingId': EVERYONE,
  'GET /inference/emotions/:meetingId': EVERYONE,
  'GET /inference/eyegaze/:meetingId': EVERYONE,
  'GET /inference/gender/:meetingId': EVERYONE,
  'GET /inference/headpose/:meetingId': EVERYONE,
  'GET /inference/lipsync/:meetingId': EVERYONE,
  'GET /inference/persons/:meetingId': EVERYONE,
  'GET /inference/physiological/:meetingId': EVERYONE,
  'GET /inference/proctoring/:meetingId': EVERYONE,
  'GET /inference/race/:meetingId': EVERYONE,
  'GET /inference/spo2/:meetingId': EVERYONE,
  'GET /inference/truthfulness/:meetingId': EVERYONE,
  'POST /offline/start-physiology': EVERYONE,
  'GET /meeting/physiology/status/:meetingId': EVERYONE,
  'GET /meeting/physiologyStatus': EVERYONE,

  // Participants and biometric verification.
  'GET /invite-participant': EVERYONE,
  'POST /invite-participant': EVERYONE,
  'GET /invite-participant/:email': EVERYONE,
  'PATCH /invite-participant/:email': EVERYONE,
  'DELETE /invite-participant/:email': EVERYONE,
  'GET /invite-participant/check/:organizationId/:token': PUBLIC,
  'POST /offline/start-biometric': EVERYONE,
  'POST /offline/verify-biometric': EVERYONE,
  'GET /offline/biometric-status/:meetingId': EVERYONE,
  'GET /inference/get-biometrics-data/:meetingId': EVERYONE,

  // Hiring: jobs and their interview kit, interviews by round and status, invitations.
  'GET /job': HIRING,
  'GET /job/:id': HIRING,
  'POST /job': HIRING,
  'PATCH /job/:id': HIRING,
  'DELETE /job/:id': HIRING,
  'PUT /meeting/interview/:meetingId': HIRING,
  'GET /meeting/interview/:meetingId': HIRING,
  'POST /meeting/interview/all': HIRING,
  'PUT /meeting/lastround': HIRING,
  'GET /meeting/user/hr': HIRING,
  'PUT /meeting/interview/update-status': HIRING,
  'PUT /interview/send-invitation': HIRING,
  // Scorecards of interviews and the candidate compare view.
  'GET /scorecard/:meetingId': HIRING,
  'PUT /scorecard/:meetingId': HIRING,
  'POST /scorecard/:meetingId/submit': HIRING,
  'POST /scorecard/:meetingId/draft': HIRING,
  'GET /interview/compare': HIRING,

  // Coaching (issue 15): content, quizzes, assessments, progress. Authors are the
  // organisation's administrators; default content is the super admin's.
  'POST /coaching/create': ADMINS,
  'POST /coaching/fetch': LEARNERS,
  'POST /coaching/delete': ADMINS,
  'POST /meeting/Admin/coaching': ADMINS,
  'POST /coaching/quiz/admin/create': ADMINS,
  'POST /coaching/quiz/admin/fetch': ADMINS,
  'POST /coaching/quiz/generate': ADMINS,
  'POST /quiz/delete': ADMINS,
  'POST /quiz/fetch': LEARNERS,
  'GET /assessments/attempt/:quizId': LEARNERS,
  'PATCH /assessments/attempt/:attemptId': LEARNERS,
  'GET /assessments/submit/:attemptId': LEARNERS,
  'POST /coaching/update/score': LEARNERS,
  'POST /coaching/progress': LEARNERS,
  'GET /coaching/progress': LEARNERS,
  'POST /query/progress': COACHES,
  'POST /coaching/superAdminCreate': PLATFORM,
  'POST /coaching/superAdminFetch': PLATFORM,
  'POST /coaching/superAdminDelete': PLATFORM,
  'POST /meeting/superAdmin/coaching': PLATFORM,
  'POST /coaching/quiz/superAdmin/create': PLATFORM,
  'POST /coaching/quiz/superAdmin/fetch': PLATFORM,

  // Sales (issue 16): accounts, deals and contacts; the teams and deals view (spec 2 §7).
  'GET /meeting/user/sales': SALES,
  'GET /meeting/manager/sales': SALES_LEADS,
  'GET /meeting/getAllUsers': SALES_LEADS,
  'GET /meeting/sales/performance': SALES_LEADS,
  'GET /meeting/deals/amount': SALES_LEADS,
  'PUT /meeting/:meetingId/deal': SALES,
  'GET /sales/accounts': SALES,
  'POST /sales/accounts': SALES_LEADS,
  'PATCH /sales/accounts/:id': SALES_LEADS,
  'DELETE /sales/accounts/:id': SALES_LEADS,
  'GET /sales/deals': SALES,
  'GET /sales/deals/:id': SALES,
  'POST /sales/deals': SALES_LEADS,
  'PATCH /sales/deals/:id': SALES_LEADS,
  'DELETE /sales/deals/:id': SALES_LEADS,
  'GET /sales/deals/:id/contacts': SALES,
  'POST /sales/deals/:id/contacts': SALES_LEADS,
  'PATCH /sales/contacts/:id': SALES_LEADS,
  'DELETE /sales/contacts/:id': SALES_LEADS,

  // Reports (PDF): whoever sees the meeting reads its HR and sales reports; the candidate's
  // report, and sending it to them, is the hiring team's.
  'GET /report/hr/:meetingId': EVERYONE,
  'GET /report/sales/:meetingId': EVERYONE,
  'GET /report/candidate/:meetingId': HIRING,
  'GET /report/candidate/:meetingId/preview': HIRING,
  'POST /report/candidate/:meetingId/send': HIRING,

  // Highlights and sharing.
  // Live calls (issue 18): the status is asked without a token (spec 2 §6).
  'GET /live/transcript/:meetingId': EVERYONE,
  'GET /live-analytics/status/:meetingId': PUBLIC,
  'GET /live-analytics/tag/:meetingId': EVERYONE,
  // Voices and avatars (spec 3 §7): everyone uses and hears them; administrators manage them
  // (the library only the super admin, which the service decides).
  'GET /avatar/voice': EVERYONE,
  'POST /avatar/voice/create': ADMINS,
  'PATCH /avatar/voice/default/:id': ADMINS,
  'DELETE /avatar/voice/:id': ADMINS,
  'POST /avatar/voice/preview/:id': EVERYONE,
  'GET /avatar': EVERYONE,
  'GET /avatar/:id': EVERYONE,
  'DELETE /avatar/:id': ADMINS,
  'PATCH /avatar/default/:id': ADMINS,
  'POST /avatar/create/draft': ADMINS,
  'POST /avatar/create/img': ADMINS,
  'PATCH /avatar/create/finalise/:id': ADMINS,
  'POST /avatar/create/regenerate': ADMINS,
  'POST /avatar/duplicate': ADMINS,
  'PATCH /avatar/update': ADMINS,
  'POST /avatar/speak': EVERYONE,
  // Live physiology: a participant's own face in a call they can see (meetings.read).
  'POST /live-inference/start-physiology': EVERYONE,
  'POST /live-inference/physiology-samples': EVERYONE,
  'POST /live-inference/stop-physiology': EVERYONE,
  'GET /live-inference/physiology/:meetingId': EVERYONE,
  // Verifying a participant against the live call is managing the meeting.
  'POST /live-inference/verify-biometrics/start': EVERYONE,
  'GET /highlights/:meetingId': EVERYONE,
  'POST /highlights': EVERYONE,
  'PATCH /highlights/:id': EVERYONE,
  'DELETE /highlights/:id': EVERYONE,

  // Keyword trackers: everyone reads them and the counts of the meetings they see.
  'GET /trackers': EVERYONE,
  'POST /trackers': TRACKER_KEEPERS,
  'PATCH /trackers/:id': TRACKER_KEEPERS,
  'DELETE /trackers/:id': TRACKER_KEEPERS,
  'GET /trackers/meeting/:meetingId': EVERYONE,
  'GET /trackers/counts/weekly': EVERYONE,
  'GET /trackers/counts/meetings': EVERYONE,
  // Search across every conversation: the moments of the meetings the caller sees.
  'GET /search/transcripts': EVERYONE,
  'GET /share': EVERYONE,
  'POST /share/:meetingId': EVERYONE,
  'POST /share/revoke/:meetingId': EVERYONE,
  'GET /share/org/users': EVERYONE,
  'GET /share/users/:meetingId': EVERYONE,
  'GET /share/public/create/:meetingId': EVERYONE,
  'GET /share/public/revoke/:meetingId': EVERYONE,
  'GET /share/public/status/:meetingId': EVERYONE,
  'GET /public/view/:token': PUBLIC,

  // Insights, Zai and the models every picker lists.
  'POST /text-analytics/:meetingCode': EVERYONE,
  'POST /text-analytics/b2c/:meetingCode': EVERYONE,
  'POST /text-scores/:meetingCode': EVERYONE,
  'POST /hr-analytics/:meetingCode': EVERYONE,
  'GET /text-analytics/meeting/:meetingId': EVERYONE,
  'GET /text-analytics/public/:token': PUBLIC,
  'POST /public/:meetingCode': EVERYONE,
  'GET /sales-prompt/:meetingCode': EVERYONE,
  'POST /sales-prompt/:meetingCode': EVERYONE,
  'GET /meeting/user/zai': EVERYONE,
  'POST /prompt/siri': EVERYONE,
  'GET /ai/models/available': EVERYONE,
  'GET /ai/providers': EVERYONE,
  'GET /models': EVERYONE,
  'GET /models/pagination': EVERYONE,
  'GET /zai-settings/:organizationId': EVERYONE,

  // The prompt workbench: the organisation's staff.
  'GET /prompt/query': ADMINS,
  'GET /prompt/getByTag/:tag': ADMINS,
  'GET /prompt/meeting/:meetingId': ADMINS,
  'GET /prompt/:id': ADMINS,
  'POST /prompt/create': ADMINS,
  'PATCH /prompt/:id': ADMINS,
  'DELETE /prompt/:id': ADMINS,
  'GET /tag': ADMINS,
  'POST /prompt/result': ADMINS,
  'POST /prompt/result/stream': ADMINS,
  'POST /prompt/compare': ADMINS,

  // Storage and AI provider integrations: members read where media goes, admins connect.
  'GET /configuration/all': EVERYONE,
  'GET /integration/all': EVERYONE,
  'GET /integration/cloud/default': EVERYONE,
  'POST /integration/cloud/default': ADMINS,
  'PATCH /integration/cloud/default': ADMINS,
  'POST /configuration/aws': ADMINS,
  'PATCH /configuration/aws': ADMINS,
  'DELETE /configuration/aws': ADMINS,
  'PATCH /configuration/aws/connection': ADMINS,
  'POST /azure/configuration': ADMINS,
  'PATCH /azure/configuration': ADMINS,
  'DELETE /azure/configuration': ADMINS,
  // CRM (issue 16 item 7): everyone sees what is connected; administrators connect and import.
  'GET /crm': EVERYONE,
  'POST /hubspot/connect': ADMINS,
  'POST /hubspot/import': ADMINS,
  'DELETE /hubspot': ADMINS,
  'POST /salesforce/connect': ADMINS,
  'POST /salesforce/import': ADMINS,
  'DELETE /salesforce': ADMINS,
  // Calendars (issue 18 item 3): each member connects their own calendar and sets their rule.
  'GET /calendars': EVERYONE,
  'PATCH /calendars/auto-join': EVERYONE,
  'GET /calendars/events': EVERYONE,
  'PATCH /calendars/events/:meetingId': EVERYONE,
  'POST /configuration/google/update': EVERYONE,
  'DELETE /google': EVERYONE,
  'POST /calendars/google/sync': EVERYONE,
  'POST /configuration/microsoft/update': EVERYONE,
  'DELETE /microsoft': EVERYONE,
  'POST /calendars/microsoft/sync': EVERYONE,
  // Zoom: everyone sees whether it is connected; administrators connect it.
  'GET /configuration/zoom/configure': EVERYONE,
  'POST /configuration/zoom': ADMINS,
  'DELETE /configuration/zoom': ADMINS,
  'POST /chatgpt': ADMINS,
  'PATCH /chatgpt': ADMINS,
  'DELETE /chatgpt': ADMINS,
  'POST /claude-ai': ADMINS,
  'PATCH /claude-ai': ADMINS,
  'DELETE /claude-ai': ADMINS,
  'POST /gemini': ADMINS,
  'PATCH /gemini': ADMINS,
  'DELETE /gemini': ADMINS,
  'POST /ai/test-connection': ADMINS,
  'PATCH /zai-settings/:organizationId': ADMINS,

  // Billing by hand.
  'POST /plan': ADMINS,
  'PATCH /plan': ADMINS,
  'GET /plan': EVERYONE,
  'GET /plan/subscription': ADMINS,
  'GET /plan/invoices': ADMINS,
  'GET /plan/organization/invoices': ADMINS,
  'GET /bundle/user': ADMINS,
  'PATCH /bundle/user': ADMINS,
  // Card payment (issue 17): the organisation's administrators pay; anyone sees how, and why
  // the last payment failed. A talent-pool account buys its own credits (the service refuses
  // organisations that are not the talent pool).
  'GET /payment/methods': EVERYONE,
  'POST /payment/setup': ADMINS,
  'POST /payment/b2c/setup': EVERYONE,
  'GET /payment/portal': ADMINS,
  'GET /payment/latest': EVERYONE,
  'GET /bundle/active': EVERYONE,
  'GET /credit-slab/active': EVERYONE,
  'GET /subscription/query': PLATFORM,
  // Invoices: the organisation's own (their administrators), every one (the super admin), and
  // manual payment; the talent pool's plan calls are refused to anyone outside it.
  'GET /invoice/query': PLATFORM,
  'GET /invoice/download/:id': ADMINS,
  'POST /invoice/:id/paid': PLATFORM,
  'POST /payment/manual': ADMINS,
  'POST /payment/b2c/manual': ['seeker'],
  'POST /plan/b2c': ['seeker'],
  'PATCH /plan/b2c': ['seeker'],
  // A seeker's own invoices (the pool's others are 404 to them, payments.test); who issues
  // invoices and the tax applied, for the super admin.
  'GET /plan/b2c/invoices': ['seeker'],
  'GET /invoice/b2c/download/:id': ['seeker'],
  'GET /invoice/seller': PLATFORM,
  ...catalogueRows('feature'),
  ...catalogueRows('bundle'),
  ...catalogueRows('credit-slab'),
  'POST /credits/cutCreditsForOffline': ADMINS,

  // User logs.
  'GET /userlog/all': PLATFORM,
  'GET /userlog/organization/:organizationId': ADMINS,
  'GET /userlog/organization/:organizationId/timestamps/:range': ADMINS,

  // The platform: organisations, the model catalogue, parameters, thresholds, endpoints.
  'GET /organization/all': PLATFORM,
  'POST /organization/invite': PLATFORM,
  'GET /organization/dashboard/:organizationId': PLATFORM,
  'DELETE /organization/:organizationId': PLATFORM,
  'PATCH /models': PLATFORM,
  'PATCH /models/:id': PLATFORM,
  'DELETE /models/:id': PLATFORM,
  'GET /parameter': PLATFORM,
  'POST /parameter': PLATFORM,
  'PATCH /parameter/:id': PLATFORM,
  'DELETE /parameter/:id': PLATFORM,
  'GET /parameter/thresholds': PLATFORM,
  'POST /parameter/create-threshold': PLATFORM,
  'PATCH /parameter/update-threshold/:id': PLATFORM,
  'GET /endpoint/query': PLATFORM,
  'GET /endpoint/count': PLATFORM,
  'GET /endpoint': PLATFORM,
  'POST /endpoint': PLATFORM,
  'PATCH /endpoint/:id': PLATFORM,
  'DELETE /endpoint/:id': PLATFORM,

  // User Management (spec 3 §7): the administrators run it; a sales manager also reads the
  // organisation's people and groups (their team), but changes nothing.
  'GET /user/query': PEOPLE_READERS,
  'GET /user/count': PEOPLE_READERS,
  'GET /user/positions': PEOPLE_READERS,
  'GET /user/group': PEOPLE_READERS,
  'GET /user/organization/:organizationId': PEOPLE_READERS,
  'GET /user/organization/:organizationId/all': PEOPLE_READERS,
  'GET /user/:id': PEOPLE_READERS,
  'POST /user': ADMINS,
  'PATCH /user/:id': ADMINS,
  'DELETE /user/:id': ADMINS,
  'GET /group/all': PEOPLE_READERS,
  'GET /group/organizationGroups': PEOPLE_READERS,
  'POST /group': ADMINS,
  'PATCH /group/:id': ADMINS,
  'DELETE /group/:id': ADMINS,
  'GET /role/organization': PEOPLE_READERS,
  'POST /role': ADMINS,
  'PATCH /role/:id': ADMINS,
  'DELETE /role/:id': ADMINS,
};
