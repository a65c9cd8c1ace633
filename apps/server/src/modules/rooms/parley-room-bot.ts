import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { BotJoin, MeetingBot } from '../bots/index.js';
import type { RoomPasses } from './tokens.js';

export interface ParleyRoomBotOptions {
  /** Debian's Chromium; nothing is downloaded. */
  chromiumPath: string;
  passes: RoomPasses;
  /** The origin the bot's browser reaches this server at (PUBLIC_URL). */
  publicUrl: string;
  /** A participant withdrew consent through the bot interface (not the room's button). */
  stopRecording(botId: string): void;
  /** How long the bot's pass is good for: a call longer than this keeps its socket. */
  passHours?: number;
  log: { warn(obj: object, msg: string): void };
}

const ROOM_PATH = /^\/rooms\/([0-9a-f-]{36})\/?$/i;

/**
 * The Parley Notetaker in Parley's own rooms: a headless Chromium opens the room's bot page
 * as a participant. The page records the call (MediaRecorder over a mix of everyone's
 * streams) and streams each participant's audio to the server; the room's socket carries both.
 */
export class ParleyRoomBot implements MeetingBot {
  readonly provider = 'parley' as const;
  private browser: Promise<Browser> | null = null;
  private readonly contexts = new Map<string, BrowserContext>();

  constructor(private readonly opts: ParleyRoomBotOptions) {}

  accepts(link: URL): boolean {
    return link.origin === new URL(this.opts.publicUrl).origin && ROOM_PATH.test(link.pathname);
  }

  private launch(): Promise<Browser> {
    this.browser ??= chromium
      .launch({
        executablePath: this.opts.chromiumPath,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
          '--disable-sync',
          '--autoplay-policy=no-user-gesture-required',
          // The bot only listens: no capture device is ever asked for.
          '--use-fake-ui-for-media-stream',
        ],
      })
      .catch((err: unknown) => {
        this.browser = null;
        throw err;
      });
    return this.browser;
  }

  async join(request: BotJoin): Promise<{ externalId: string }> {
    const link = new URL(request.meetingLink);
    const match = ROOM_PATH.exec(link.pathname);
    if (!this.accepts(link) || !match || match[1] !== request.meetingId) {
      throw new Error('Join Meeting by Link Failed');
    }
    const hours = this.opts.passHours ?? 12;
    const pass = this.opts.passes.encode({
      kind: 'bot',
      meetingId: request.meetingId,
      botId: request.botId,
      expiresAt: new Date(Date.now() + hours * 3600_000),
    });
    const browser = await this.launch();
    const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
    this.contexts.set(request.botId, context);
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') {
        this.opts.log.warn({ botId: request.botId, text: msg.text() }, 'room bot page error');
      }
    });
    const url = `${link.origin}/rooms/${request.meetingId}/bot/${encodeURIComponent(pass)}`;
    try {
      await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    } catch (err) {
      await this.leave(request.botId);
      throw err;
    }
    return { externalId: request.botId };
  }

  async stopRecording(externalId: string): Promise<void> {
    this.opts.stopRecording(externalId);
  }

  async leave(externalId: string): Promise<void> {
    const context = this.contexts.get(externalId);
    this.contexts.delete(externalId);
    await context?.close().catch(() => {});
  }

  async close(): Promise<void> {
    for (const id of [...this.contexts.keys()]) await this.leave(id);
    const browser = this.browser;
    this.browser = null;
    await (await browser?.catch(() => null))?.close();
  }
}
