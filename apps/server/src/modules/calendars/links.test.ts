import { describe, expect, it } from 'vitest';
import { findMeetingLink, isMeetingLink, linkInText } from './links.js';

const PARLEY = 'https://parley.example.com';

describe('meeting links', () => {
  it('recognises Zoom, Meet, Teams and Parley rooms, and nothing else', () => {
    for (const ok of [
      'https://us02web.zoom.us/j/85512345678?pwd=abc',
      'https://zoom.us/my/alice',
      'https://acme.zoomgov.com/j/1612345678',
      'https://meet.google.com/abc-defg-hij',
      'https://teams.microsoft.com/l/meetup-join/19%3ameeting_N2Q%40thread.v2/0?context=%7b%7d',
      'https://teams.live.com/meet/9398765432',
      `${PARLEY}/room/5d1c`,
    ]) {
      expect(isMeetingLink(ok, PARLEY), ok).toBe(true);
    }
    for (const no of [
      'https://zoom.us/pricing',
      'https://meet.google.com/',
      'https://evilzoom.us.example.com/j/1',
      'http://zoom.us/j/123',
      'https://teams.microsoft.com/downloads',
      `${PARLEY}/meetings/123`,
      'https://other.example.com/room/1',
      'not a url',
    ]) {
      expect(isMeetingLink(no, PARLEY), no).toBe(false);
    }
  });

  it('finds the link in a description written in HTML, with entities and trailing punctuation', () => {
    const html =
      '<p>Agenda: pricing.</p><a href="https://teams.microsoft.com/l/meetup-join/19%3ameeting_X%40thread.v2/0?context=%7b%22Tid%22%7d&amp;x=1">Join</a>';
    expect(linkInText(html, PARLEY)).toBe(
      'https://teams.microsoft.com/l/meetup-join/19%3ameeting_X%40thread.v2/0?context=%7b%22Tid%22%7d&x=1',
    );
    expect(linkInText('Dial in: https://zoom.us/j/99887766. Thanks', PARLEY)).toBe(
      'https://zoom.us/j/99887766',
    );
    expect(linkInText('Room 4B, second floor', PARLEY)).toBeNull();
  });

  it('prefers the conference fields to links in the text', () => {
    expect(
      findMeetingLink(
        {
          direct: [null, 'https://meet.google.com/abc-defg-hij'],
          text: ['see https://zoom.us/j/1234'],
        },
        PARLEY,
      ),
    ).toBe('https://meet.google.com/abc-defg-hij');
    expect(
      findMeetingLink({ direct: [undefined], text: [null, 'https://zoom.us/j/1234'] }, null),
    ).toBe('https://zoom.us/j/1234');
  });
});
