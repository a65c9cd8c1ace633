import { z } from 'zod';
import { defineRoute } from './route.js';
import { roleSchema } from './roles.js';
import { permissionSchema } from './permissions.js';
import { featureAvailabilitySchema, planSchema } from './features.js';

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_WRONG_TRIES = 5;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid e-mail address' }));
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code is six digits');

export const organizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  isB2C: z.boolean(),
  /** The platform's own organisation (the super admin's): every feature, no plan, no charge. */
  isPlatform: z.boolean(),
  defaultCloud: z.string().nullable(),
  organizationProfileUrl: z.string().nullable(),
});

export const sessionUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  /** What the user's role allows: the web hides what is not here (the server refuses it). */
  permissions: z.array(permissionSchema),
  /** The custom role the user holds, when not one of the defaults. */
  customRole: z.object({ id: z.string(), name: z.string() }).nullable(),
  position: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  b2cConsent: z.boolean(),
  organizationId: z.string(),
  organization: organizationSummarySchema,
  plan: planSchema.nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authProviderSchema = z.enum(['plain', 'google', 'microsoft']);
export type AuthProvider = z.infer<typeof authProviderSchema>;

export const authSuccessSchema = z.object({
  accessToken: z.string(),
  user: sessionUserSchema,
  authProvider: authProviderSchema,
});
export type AuthSuccess = z.infer<typeof authSuccessSchema>;

export const messageSchema = z.object({ message: z.string() });

export const requestSigninBody = z.object({ email });
export const requestSignupBody = z.object({
  email,
  firstName: z.string().trim().min(1, 'Please enter your name').max(100),
  lastName: z.string().trim().max(100).default(''),
  /** 'team' creates an organisation with the new user as its point of contact; 'individual' joins the talent pool. */
  accountType: z.enum(['team', 'individual']).default('team'),
  organizationName: z.string().trim().max(120).optional(),
});
export const verifyBody = z.object({ email, code });
export const userIdBody = z.object({ userId: z.string().uuid() });
export const checkSessionBody = z.object({ email });

/** The same for every address; the plan reaches the client after sign-in (user.plan). */
export const requestSigninResponse = messageSchema;

export const authRoutes = {
  requestSignup: defineRoute({
    method: 'POST',
    path: '/auth/request-signup',
    summary: 'Send a sign-up code to a new address',
    tags: ['auth'],
    auth: false,
    body: requestSignupBody,
    response: messageSchema,
  }),
  verifySignup: defineRoute({
    method: 'POST',
    path: '/auth/verify-signup',
    summary: 'Create the account with the code and sign in',
    tags: ['auth'],
    auth: false,
    body: verifyBody,
    response: authSuccessSchema,
  }),
  requestSignin: defineRoute({
    method: 'POST',
    path: '/auth/request-signin',
    summary: 'Send a sign-in code',
    tags: ['auth'],
    auth: false,
    body: requestSigninBody,
    response: requestSigninResponse,
  }),
  verifySignin: defineRoute({
    method: 'POST',
    path: '/auth/verify-signin',
    summary: 'Sign in with the code; ends any other session of the user',
    tags: ['auth'],
    auth: false,
    body: verifyBody,
    response: authSuccessSchema,
  }),
  refreshCredentials: defineRoute({
    method: 'POST',
    path: '/auth/refresh-credentials',
    summary:
      'New access token and a rotated refresh cookie; userId must match it; a reused old cookie ends the session',
    tags: ['auth'],
    auth: false,
    body: userIdBody,
    response: authSuccessSchema,
  }),
  revokeCredentials: defineRoute({
    method: 'POST',
    path: '/auth/revoke-credentials',
    summary: 'End the session named by the refresh cookie',
    tags: ['auth'],
    auth: false,
    body: userIdBody,
    response: messageSchema,
  }),
  removeSession: defineRoute({
    method: 'POST',
    path: '/auth/remove-session',
    summary: 'Log out of a code session',
    tags: ['auth'],
    auth: false,
    response: messageSchema,
  }),
  removeGoogleSession: defineRoute({
    method: 'POST',
    path: '/auth/removeGoogleSession',
    summary: 'Log out of a Google session',
    tags: ['auth'],
    auth: false,
    response: messageSchema,
  }),
  removeMicrosoftSession: defineRoute({
    method: 'POST',
    path: '/auth/removeMicrosoftSession',
    summary: 'Log out of a Microsoft session',
    tags: ['auth'],
    auth: false,
    response: messageSchema,
  }),
  checkSession: defineRoute({
    method: 'POST',
    path: '/auth/check-session',
    summary: 'Is the session in the refresh cookie still the active one? 401 when ended elsewhere',
    tags: ['auth'],
    auth: false,
    body: checkSessionBody,
    response: z.object({ active: z.literal(true) }),
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    summary: 'Sign out: ends the session of the refresh cookie and of the bearer token',
    tags: ['auth'],
    auth: false,
    response: messageSchema,
  }),
  providers: defineRoute({
    method: 'GET',
    path: '/auth/providers',
    summary: 'Which single sign-on providers are configured',
    tags: ['auth'],
    auth: false,
    response: z.object({ google: z.boolean(), microsoft: z.boolean() }),
  }),
  features: defineRoute({
    method: 'GET',
    path: '/auth/features',
    summary: 'Each of the fifteen features and whether the caller’s organisation has it',
    tags: ['auth'],
    auth: true,
    permission: 'profile.own',
    response: featureAvailabilitySchema,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/auth/me',
    summary: 'The signed-in user',
    tags: ['auth'],
    auth: true,
    permission: 'profile.own',
    response: sessionUserSchema,
  }),
} as const;

export const devOutboxQuery = z.object({ email });
export const devOutboxResponse = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  sentAt: z.string(),
});
export const devRoutes = {
  outbox: defineRoute({
    method: 'GET',
    path: '/dev/outbox',
    summary: 'Latest message sent to an address and its code (development only)',
    tags: ['dev'],
    auth: false,
    query: devOutboxQuery,
    response: devOutboxResponse,
  }),
} as const;

export const consentRoutes = {
  saveConsent: defineRoute({
    method: 'POST',
    path: '/b2c/user/consent',
    summary: 'Record the individual user’s terms and data consent',
    tags: ['b2c'],
    auth: true,
    permission: 'profile.own',
    body: z.object({ b2cConsent: z.literal(true) }),
    response: z.object({ b2cConsent: z.boolean() }),
  }),
} as const;
