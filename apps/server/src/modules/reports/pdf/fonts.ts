import { existsSync } from 'node:fs';

/**
 * The fonts of the reports. PDFKit's built-in Helvetica only covers WinAnsi (Western European),
 * and names and transcripts may hold any script, so a TrueType font with wide coverage is
 * embedded: DejaVu Sans, which scripts/setup.sh installs from Debian (fonts-dejavu-core).
 * Without it the reports still render, in Helvetica, with characters it cannot show replaced.
 */
export interface ReportFonts {
  regular: string;
  bold: string;
  /** False when falling back to Helvetica: text must be reduced to WinAnsi first. */
  unicode: boolean;
}

const DIRS = [
  '/usr/share/fonts/truetype/dejavu',
  '/usr/share/fonts/dejavu',
  '/usr/local/share/fonts/dejavu',
];

let found: ReportFonts | undefined;

export function reportFonts(): ReportFonts {
  if (found) return found;
  for (const dir of DIRS) {
    const regular = `${dir}/DejaVuSans.ttf`;
    const bold = `${dir}/DejaVuSans-Bold.ttf`;
    if (existsSync(regular) && existsSync(bold)) {
      found = { regular, bold, unicode: true };
      return found;
    }
  }
  found = { regular: 'Helvetica', bold: 'Helvetica-Bold', unicode: false };
  return found;
}

/** Characters WinAnsi has above Latin-1 (typographic quotes, dashes, the euro sign…). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text Helvetica can show: anything else becomes '?', so nothing prints as garbage. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    out += (code >= 0x20 && code <= 0xff) || ch === '\n' || WIN_ANSI_EXTRA.has(ch) ? ch : '?';
  }
  return out;
}
