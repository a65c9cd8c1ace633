import { ADMINS, EVERYONE, PEOPLE_READERS, PLATFORM, PUBLIC, type Rows } from './roles.js';

/**
 * Sign-in and the session, the own profile and the talent pool's calls, the organisation's
 * profile and addresses, user logs and User Management.
 */
export const ACCOUNT_ROWS: Rows = {
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
  'PUT /b2c/mock-interview/:id/answer-audio': ['seeker'],
  'POST /b2c/mock-interview/:id/finish': ['seeker'],
  'GET /b2c/mock-interview/:id/feedback': ['seeker'],
  'GET /b2c/practice-goals': ['seeker'],
  'POST /b2c/practice-goals': ['seeker'],
  'PUT /b2c/practice-goals/:id': ['seeker'],
  'DELETE /b2c/practice-goals/:id': ['seeker'],
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
  'GET /organization/retention': ADMINS,
  'PATCH /organization/retention': ADMINS,
  'GET /organization/settings': ADMINS,
  'PATCH /organization/settings': ADMINS,
  'GET /organization/privacy': ADMINS,
  'PATCH /organization/privacy': ADMINS,
  // One organisation with its billing and shipping addresses (spec 3 §4, §7): the caller's own,
  // any for the super admin.
  'GET /organization/:organizationId': ADMINS,
  'PATCH /organization/:organizationId': ADMINS,
  // The address form's lists.
  'GET /location': EVERYONE,
  'GET /location/:countryId': EVERYONE,
  'GET /location/state/:stateId': EVERYONE,

  // User logs.
  'GET /userlog/all': PLATFORM,
  'GET /userlog/organization/:organizationId': ADMINS,
  'GET /userlog/organization/:organizationId/timestamps/:range': ADMINS,

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
