import PDFDocument from 'pdfkit';
import { reportFonts, toWinAnsi, type ReportFonts } from './fonts.js';

/**
 * The report's page kit: an A4 document with a title band, numbered sections, facts, score
 * bars, time-stamped lists and tables, and a footer on every page. Everything is drawn as
 * vector graphics and text, so the PDF stays small and its text can be searched and copied.
 */

export const COLOURS = {
  text: '#111827',
  muted: '#4b5563',
  subtle: '#9ca3af',
  border: '#e5e7eb',
  surface: '#f3f4f6',
  accent: '#4f46e5',
  accentSoft: '#e0e7ff',
  success: '#15803d',
  successSoft: '#dcfce7',
  warning: '#b45309',
  warningSoft: '#fef3c7',
  danger: '#b91c1c',
  dangerSoft: '#fee2e2',
} as const;

/** One colour per speaker or person, in order; enough for a panel interview. */
export const SERIES = ['#4f46e5', '#0d9488', '#d97706', '#db2777', '#2563eb', '#65a30d'];

export const MARGIN = 50;
const FOOTER = 30;

export interface ReportHeader {
  /** 'HR report', 'Sales report', 'Your interview report'. */
  title: string;
  meetingName: string;
  /** A line under the name: date, duration. */
  subtitle: string;
  generatedAt: Date;
  organisation: string;
}

export type Tone = 'success' | 'warning' | 'danger' | 'neutral' | 'accent';

const toneColours: Record<Tone, [string, string]> = {
  success: [COLOURS.success, COLOURS.successSoft],
  warning: [COLOURS.warning, COLOURS.warningSoft],
  danger: [COLOURS.danger, COLOURS.dangerSoft],
  neutral: [COLOURS.muted, COLOURS.surface],
  accent: [COLOURS.accent, COLOURS.accentSoft],
};

/** The page itself: text primitives, sections, pills and the footer; data blocks are in blocks.ts. */
export class ReportPage {
  readonly doc: PDFKit.PDFDocument;
  private readonly fonts: ReportFonts;
  private readonly chunks: Buffer[] = [];
  private readonly finished: Promise<Buffer>;
  private sectionNo = 0;

  /** `fonts`: the installed ones by default (a test can ask for the Helvetica fallback). */
  constructor(
    private readonly header: ReportHeader,
    fonts: ReportFonts = reportFonts(),
  ) {
    this.fonts = fonts;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: this.t(`${header.title}: ${header.meetingName}`),
        Author: this.t(header.organisation),
        Creator: 'Parley',
        CreationDate: header.generatedAt,
      },
    });
    this.doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.finished = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    if (this.fonts.unicode) {
      this.doc.registerFont('regular', this.fonts.regular);
      this.doc.registerFont('bold', this.fonts.bold);
    } else {
      this.doc.registerFont('regular', 'Helvetica');
      this.doc.registerFont('bold', 'Helvetica-Bold');
    }
    this.titleBand();
  }

  /** Text the current font can show. */
  t(text: string): string {
    return this.fonts.unicode ? text : toWinAnsi(text);
  }

  get left(): number {
    return MARGIN;
  }
  get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }
  private get bottom(): number {
    return this.doc.page.height - MARGIN - FOOTER;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.y = MARGIN;
    }
  }

  private titleBand(): void {
    const { doc, header } = this;
    const bandHeight = 118;
    doc.rect(0, 0, doc.page.width, bandHeight).fill(COLOURS.accent);
    doc
      .font('bold')
      .fontSize(9)
      .fillColor('#c7d2fe')
      .text(this.t(`PARLEY  ·  ${header.title.toUpperCase()}`), MARGIN, 30, {
        width: this.width,
        characterSpacing: 1,
      });
    doc
      .font('bold')
      .fontSize(20)
      .fillColor('#ffffff')
      .text(this.t(header.meetingName), MARGIN, 48, {
        width: this.width,
        height: 28,
        ellipsis: true,
      });
    doc
      .font('regular')
      .fontSize(10)
      .fillColor('#e0e7ff')
      .text(this.t(header.subtitle), MARGIN, 80, { width: this.width });
    doc.y = bandHeight + 24;
  }

  /** A numbered section heading with a rule under it. */
  section(title: string, lead?: string): void {
    const { doc } = this;
    this.ensure(90);
    this.sectionNo += 1;
    doc.moveDown(0.6);
    const y = doc.y;
    doc
      .font('bold')
      .fontSize(13)
      .fillColor(COLOURS.text)
      .text(this.t(`${this.sectionNo}. ${title}`), MARGIN, y, { width: this.width });
    const ruleY = doc.y + 4;
    doc
      .moveTo(MARGIN, ruleY)
      .lineTo(MARGIN + this.width, ruleY)
      .lineWidth(0.75)
      .strokeColor(COLOURS.border)
      .stroke();
    doc.y = ruleY + 8;
    if (lead) this.paragraph(lead, { muted: true, size: 9 });
  }

  subheading(title: string, extra?: { text: string; tone: Tone }): void {
    const { doc } = this;
    this.ensure(40);
    doc.moveDown(0.3);
    const y = doc.y;
    doc.font('bold').fontSize(10.5).fillColor(COLOURS.text);
    const label = this.t(title);
    doc.text(label, MARGIN, y, { width: this.width - 120 });
    const after = doc.y;
    if (extra) this.pill(extra.text, extra.tone, MARGIN + doc.widthOfString(label) + 8, y - 1);
    doc.y = after + 3;
  }

  paragraph(text: string, opts: { muted?: boolean; size?: number; bold?: boolean } = {}): void {
    const { doc } = this;
    const size = opts.size ?? 10;
    doc.font(opts.bold ? 'bold' : 'regular').fontSize(size);
    this.ensure(Math.min(doc.heightOfString(this.t(text), { width: this.width }), 200) + 4);
    doc
      .fillColor(opts.muted ? COLOURS.muted : COLOURS.text)
      .text(this.t(text), MARGIN, doc.y, { width: this.width, lineGap: 2 });
    doc.moveDown(0.4);
  }

  /** What a section says when it has nothing to show: plainly, never a made-up number. */
  empty(text: string): void {
    const { doc } = this;
    this.ensure(34);
    const y = doc.y;
    doc.font('regular').fontSize(9.5);
    const h = doc.heightOfString(this.t(text), { width: this.width - 24 }) + 14;
    doc.roundedRect(MARGIN, y, this.width, h, 4).fill(COLOURS.surface);
    doc.fillColor(COLOURS.muted).text(this.t(text), MARGIN + 12, y + 7, { width: this.width - 24 });
    doc.y = y + h + 8;
  }

  /** A small rounded label; returns its width. */
  pill(text: string, tone: Tone, x: number, y: number): number {
    const { doc } = this;
    const [fg, bg] = toneColours[tone];
    doc.font('bold').fontSize(7.5);
    const label = this.t(text);
    const w = doc.widthOfString(label) + 10;
    doc.roundedRect(x, y, w, 13, 6.5).fill(bg);
    doc.fillColor(fg).text(label, x + 5, y + 3, { lineBreak: false });
    return w;
  }

  /** Footers on every page, then the finished file. */
  async finish(): Promise<Buffer> {
    const { doc, header } = this;
    const range = doc.bufferedPageRange();
    const stamp = header.generatedAt.toISOString().slice(0, 16).replace('T', ' ');
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Writing below the bottom margin would start a new page: lift it while the footer is drawn.
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - MARGIN;
      doc
        .moveTo(MARGIN, y - 8)
        .lineTo(MARGIN + this.width, y - 8)
        .lineWidth(0.5)
        .strokeColor(COLOURS.border)
        .stroke();
      doc
        .font('regular')
        .fontSize(7.5)
        .fillColor(COLOURS.subtle)
        .text(
          this.t(`${header.organisation}  ·  ${header.title}  ·  generated ${stamp} UTC by Parley`),
          MARGIN,
          y,
          { width: this.width - 80, lineBreak: false, ellipsis: true },
        )
        .text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN + this.width - 80, y, {
          width: 80,
          align: 'right',
          lineBreak: false,
        });
      doc.page.margins.bottom = margin;
    }
    doc.end();
    return this.finished;
  }
}
