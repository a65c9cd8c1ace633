/** Texts the spec fixes (spec 1 §8); server and web use these constants, never their own copies. */
export const MESSAGES = {
  sessionEnded:
    'Your account has been logged in on a different device. This session has been ended',
  loggedOut: 'You have been logged out successfully',
  noActivePlan: 'No Active Plan',
  consentFailed: 'Failed to save B2C user consent',
  signOutFailed: 'Something went wrong while signing out',
  notInPlan: 'Not available in your current plan',
} as const;

/**
 * Every failure to reach an address an organisation gave (AI base URL, storage endpoint):
 * refused, unknown, timed out or not allowed (internal) all read the same, so the answers
 * cannot be used to map the server's network (issue 21).
 */
export const UNREACHABLE_ENDPOINT_MESSAGE =
  'Could not reach the endpoint. Check the address and that it is publicly reachable.';

export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Invalid details',
  401: 'Please log in again',
  403: 'You are not allowed to perform this operation',
  404: 'The requested resource could not be found',
  500: 'Something went wrong, please try again later',
  503: 'Service not available, please try again later',
};
export const DEFAULT_STATUS_MESSAGE = 'Something went wrong, please try again later';

export function messageForStatus(status: number): string {
  return STATUS_MESSAGES[status] ?? DEFAULT_STATUS_MESSAGE;
}
