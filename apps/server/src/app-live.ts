import type { AppArea } from './app-area.js';
import { createBotsModule } from './modules/bots/index.js';
import { createCalendarsModule } from './modules/calendars/index.js';
import { createLiveModule } from './modules/live/index.js';
import type { MeetingsService } from './modules/meetings/index.js';
import { createRoomsModule, parseIceServers } from './modules/rooms/index.js';
import { createZoomModule } from './modules/zoom/index.js';

/**
 * Live calls: Parley's room and the bot services push each participant's audio into
 * app.liveAudio; the transcript and cards go to the meeting's realtime room. Made right after
 * the meetings module: the analysis names speakers from it and biometrics verifies against it.
 */
export function composeLive(area: AppArea, meetings: MeetingsService) {
  const { app, platform, shared, ai } = area;
  const live = createLiveModule({ ...platform, broadcaster: shared.broadcaster, ai, meetings });
  app.decorate('liveAudio', live.sessions);
  app.addHook('preClose', () => live.sessions.closeAll());
  return live;
}

/**
 * Calls held elsewhere that become meetings: each user's calendars (scheduled meetings and
 * auto-join), Zoom's cloud recordings, the meeting bots, and Parley's own rooms.
 */
export function composeCalls(
  area: AppArea,
  meetings: MeetingsService,
  live: ReturnType<typeof composeLive>,
) {
  const { app, opts, config, platform, accounts, shared, realtime, serves } = area;
  const { env } = config;
  const { users, auth, integrations, resolveStore } = accounts;
  // Each user's Google and Microsoft 365 calendars: scheduled meetings and auto-join.
  const calendars = createCalendarsModule({
    ...shared,
    config,
    meetings,
    joiner: opts.autoJoiner ?? { startBot: (input) => bots.service.startBot(input) },
  });
  // Zoom cloud recordings: each recording.completed webhook becomes a meeting for the analysis.
  const zoom = createZoomModule({
    ...shared,
    config,
    configs: integrations.configs,
    meetings,
    membersByEmail: (organizationId, emails) =>
      users.service.membersByEmail(organizationId, emails),
    callerOf: async (userId) => {
      const access = await users.service.access(userId);
      return access
        ? {
            userId,
            organizationId: access.organizationId,
            role: access.role,
            permissions: access.permissions,
          }
        : null;
    },
  });
  // Meeting bots: Parley rooms' own bot registers here; the calendar's auto-join calls startBot.
  const bots = createBotsModule({
    ...shared,
    config,
    meetings,
    liveAudio: opts.liveAudio ?? live.sessions,
    serves,
  });
  if (serves) bots.attachLiveAudio(app.server);
  app.addHook('preClose', () => bots.closeLiveAudio());
  const rooms = createRoomsModule({
    realtime,
    reports: bots.service.reports,
    startBot: (input) => bots.service.startBot(input),
    authenticate: (token) => auth.service.authenticate(token),
    meetings,
    displayName: async (userId) => {
      const u = await users.service.byId(userId);
      return u ? `${u.firstName} ${u.lastName}`.trim() || u.email : 'Participant';
    },
    resolveStore,
    liveAudio: opts.liveAudio ?? live.sessions,
    iceServers: parseIceServers(env.ICE_SERVERS),
    chromiumPath: env.CHROMIUM_PATH,
    ffmpegPath: env.FFMPEG_PATH,
    dataDir: config.dataDir,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    ...(opts.roomBot !== undefined ? { bot: opts.roomBot } : {}),
    now: platform.now,
    log: platform.log,
  });
  // Room links sent to POST extension join the room's notetaker (provider 'parley').
  bots.service.registerBot(rooms.bot);
  // Before the sockets close: a call in progress keeps what the bot recorded.
  app.addHook('preClose', async () => rooms.close());
  return { calendars, zoom, bots, rooms };
}
