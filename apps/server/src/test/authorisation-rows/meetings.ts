import { ADMINS, EVERYONE, HIRING, PLATFORM, PUBLIC, TRACKER_KEEPERS, type Rows } from './roles.js';

/**
 * Meetings and everything read or done on one: rooms, bots, analysis, transcripts, video
 * signals, participants, reports, highlights, live calls, voices and avatars, trackers, search,
 * insights and Zai.
 */
export const MEETING_ROWS: Rows = {
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
};
