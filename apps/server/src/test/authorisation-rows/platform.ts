import { ADMINS, EVERYONE, PLATFORM, catalogueRows, type Rows } from './roles.js';

/**
 * The prompt workbench, storage, AI, CRM, calendar and Zoom integrations, billing, card
 * payment and invoices, and the platform's own settings.
 */
export const PLATFORM_ROWS: Rows = {
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
};
