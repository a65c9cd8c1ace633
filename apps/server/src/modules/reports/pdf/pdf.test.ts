import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { ReportDocument } from './blocks.js';
import { toWinAnsi, type ReportFonts } from './fonts.js';

/** The page kit on its own: the Helvetica fallback when no Unicode font is installed. */
const HELVETICA: ReportFonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', unicode: false };

describe('reports without a Unicode font', () => {
  it('reduces text to what Helvetica shows, keeping Western European letters and typography', () => {
    expect(toWinAnsi('Zoë – “Ünïcode” 李明 😀')).toBe('Zoë – “Ünïcode” ?? ?');
  });

  it('still renders a readable PDF, with unknown characters as ?', async () => {
    const r = new ReportDocument(
      {
        title: 'HR report',
        meetingName: 'Interview with 李明 and Zoë',
        subtitle: '1 March 2026',
        generatedAt: new Date('2026-03-01T10:00:00Z'),
        organisation: 'Acme',
      },
      HELVETICA,
    );
    r.section('Scores');
    r.scoreBar('Technical', 72, 70);
    r.timedList([{ text: 'Explains the fix – clearly', at: 83 }]);
    const pdf = await r.finish();
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
      mergePages: true,
    });
    expect(text).toContain('Interview with ?? and Zoë');
    expect(text).toContain('00:01:23');
    expect(text).toContain('Explains the fix – clearly');
    expect(text).toContain('Page 1 of 1');
  });
});
