/** A participant of a live call, as the room or the bot service names them. */
export interface LiveSpeaker {
  id: string;
  name: string;
}

/**
 * Where a live call's audio goes while people talk (issue 18 item 4): the room's bot and the
 * bot services push each participant's audio here, and the live transcript and analytics are
 * made from it.
 */
export interface LiveAudioSink {
  /**
   * A call's audio follows. `callStartedAt` is when the call began (the room's first person
   * joined), which may be well before its audio starts (the notetaker joins later): the live
   * transcript's times count from it. Without it they count from now.
   */
  open(meeting: { meetingId: string; organizationId: string; callStartedAt?: Date }): Promise<void>;
  /** 16 kHz mono signed 16-bit PCM of one participant, in order, as it was heard. */
  push(meetingId: string, speaker: LiveSpeaker, pcm: Int16Array): void;
  /** The call ended: what is still buffered is transcribed, then the live session closes. */
  close(meetingId: string): Promise<void>;
}
