// The bots feature's face: the meeting bot's live state (meeting page banner, library badge),
// the bot service's card on the integrations page.
export { BotBanner, BotBannerView } from './BotBanner';
export { BotStateBadge, LiveBotBadge } from './BotStateBadge';
export { botKeys, useBotRecordingLive, useBotService, useMeetingBot } from './api';
