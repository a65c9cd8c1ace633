import { describe, expect, it } from 'vitest';
import { INTERVIEW_MESSAGES as I, type BulkResult, type MeetingInterview } from '@parley/contracts';
import type { Mailer } from '../../platform/mail.js';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, json } from '../../test/context.js';
import { grantInterviewIntelligence } from '../../test/plans-kit.js';
import { insertMeeting } from '../../test/transcripts-kit.js';

/**
 * A mail service that is down for everything but sign-in codes, which are recorded where the
 * test kit reads them (`ctx` is set by the time anyone signs in).
 */
const downForCandidates: Mailer = {
  async send(message) {
    if (message.code) {
      ctx.mail.push(message);
      return;
    }
    throw new Error('SMTP refused the connection');
  },
  latest: () => undefined,
  close() {},
};

const who = useSignedInApp(
  ['poc'],
  async ({ ctx: app, who: w }) => {
    await grantInterviewIntelligence(app, w.poc.user.organizationId);
  },
  { mailer: downForCandidates },
);

describe('an invitation the mail service refuses', () => {
  it('fails for that meeting with the reason, and leaves it uninvited', async () => {
    const token = who.poc.accessToken;
    const m = await insertMeeting(ctx, who.poc.user.organizationId, who.poc.user.id, 'Mail down');
    await call(ctx, 'PUT', `/meeting/interview/${m}`, {
      token,
      payload: { candidateName: 'Dee', candidateEmail: 'dee@example.com' },
    });
    const res = await call(ctx, 'PUT', '/interview/send-invitation', {
      token,
      payload: { meetingIds: [m] },
    });
    expect(json<BulkResult>(res)).toEqual({
      message: I.invitationsSent(0),
      succeeded: [],
      failed: [{ meetingId: m, meetingName: 'Mail down', reason: I.invitationFailed }],
    });
    const after = await call(ctx, 'GET', `/meeting/interview/${m}`, { token });
    expect(json<MeetingInterview>(after).invitedAt).toBeNull();
  });
});
