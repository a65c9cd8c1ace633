import { describe, expect, it } from 'vitest';
import { hasExternalGuests, ruleSays, willJoin, type JoinFacts } from './auto-join.js';

const OWNER = 'ana@acme.example';
const event = (over: Partial<JoinFacts> = {}): JoinFacts => ({
  meetingLink: 'https://zoom.us/j/123',
  hostedByMe: false,
  attendeeEmails: [OWNER, 'bo@acme.example'],
  autoJoin: null,
  ...over,
});

describe('the auto-join decision', () => {
  it('follows each rule', () => {
    const internalGuest = event();
    const hosted = event({ hostedByMe: true });
    const external = event({ attendeeEmails: [OWNER, 'Cy@Globex.example'] });
    const table: [string, JoinFacts, Record<string, boolean>][] = [
      [
        'internal, not hosted',
        internalGuest,
        { all: true, hosted: false, external: false, none: false },
      ],
      ['hosted by me', hosted, { all: true, hosted: true, external: false, none: false }],
      [
        'with an external guest',
        external,
        { all: true, hosted: false, external: true, none: false },
      ],
    ];
    for (const [what, e, expected] of table) {
      for (const rule of ['all', 'hosted', 'external', 'none'] as const) {
        expect(ruleSays(rule, e, OWNER), `${what} / ${rule}`).toBe(expected[rule]);
      }
    }
  });

  it('lets the per-event toggle override the rule either way', () => {
    expect(willJoin('none', event({ autoJoin: true }), OWNER)).toBe(true);
    expect(willJoin('all', event({ autoJoin: false }), OWNER)).toBe(false);
    expect(willJoin('all', event({ autoJoin: null }), OWNER)).toBe(true);
    // Nothing to join without a link, whatever the toggle says.
    expect(willJoin('all', event({ meetingLink: '', autoJoin: true }), OWNER)).toBe(false);
  });

  it('does not count meeting rooms and shared calendars as external guests', () => {
    expect(
      hasExternalGuests(
        [OWNER, 'c_1889abc@resource.calendar.google.com', 'team@group.calendar.google.com'],
        OWNER,
      ),
    ).toBe(false);
    expect(hasExternalGuests([OWNER, 'x@ACME.example'], OWNER)).toBe(false);
    expect(hasExternalGuests(['x@partner.example'], OWNER)).toBe(true);
  });
});
