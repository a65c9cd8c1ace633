import PDFDocument from 'pdfkit';
import { formatHms } from '@parley/contracts';
import { reportFonts, toWinAnsi } from './fonts.js';

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

const MARGIN = 50;
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

export class ReportDocument {
  readonly doc: PDFKit.PDFDocument;
  private readonly fonts = reportFonts();
  private readonly chunks: Buffer[] = [];
  private readonly finished: Promise<Buffer>;
  private sectionNo = 0;

  constructor(private readonly header: ReportHeader) {
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

  /** Label/value pairs in two columns. */
  facts(rows: [string, string][]): void {
    const { doc } = this;
    const colWidth = this.width / 2;
    for (let i = 0; i < rows.length; i += 2) {
      const pair = rows.slice(i, i + 2);
      doc.font('regular').fontSize(10);
      const height =
        Math.max(...pair.map(([, v]) => doc.heightOfString(this.t(v), { width: colWidth - 16 }))) +
        16;
      this.ensure(height);
      const y = doc.y;
      pair.forEach(([label, value], col) => {
        const x = MARGIN + col * colWidth;
        doc
          .font('bold')
          .fontSize(7.5)
          .fillColor(COLOURS.subtle)
          .text(this.t(label.toUpperCase()), x, y, { width: colWidth - 16, characterSpacing: 0.5 });
        doc
          .font('regular')
          .fontSize(10)
          .fillColor(COLOURS.text)
          .text(this.t(value), x, y + 11, { width: colWidth - 16 });
      });
      doc.y = y + height;
    }
  }

  /**
   * A score out of 100 as a bar, with the threshold marked on it and the verdict beside it
   * (words carry the verdict, not only the colour).
   */
  scoreBar(label: string, score: number | null, threshold: number, note?: string): void {
    const { doc } = this;
    this.ensure(30);
    const y = doc.y;
    const labelW = 120;
    const valueW = 110;
    const barX = MARGIN + labelW;
    const barW = this.width - labelW - valueW;
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(COLOURS.text)
      .text(this.t(label), MARGIN, y + 2, { width: labelW - 8, lineBreak: false, ellipsis: true });
    doc.roundedRect(barX, y + 4, barW, 9, 4.5).fill(COLOURS.surface);
    if (score !== null) {
      const pass = score >= threshold;
      doc
        .roundedRect(barX, y + 4, Math.max(9, (barW * score) / 100), 9, 4.5)
        .fill(pass ? COLOURS.success : COLOURS.warning);
      doc
        .font('bold')
        .fontSize(11)
        .fillColor(COLOURS.text)
        .text(String(Math.round(score)), barX + barW + 10, y + 1, { lineBreak: false });
      this.pill(
        pass ? 'Meets threshold' : 'Below threshold',
        pass ? 'success' : 'warning',
        barX + barW + 36,
        y + 2,
      );
    } else {
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(COLOURS.muted)
        .text(this.t(note ?? 'Not scored'), barX + barW + 10, y + 3, { lineBreak: false });
    }
    // The threshold, as a tick across the bar.
    const tx = barX + (barW * threshold) / 100;
    doc
      .moveTo(tx, y + 1)
      .lineTo(tx, y + 16)
      .lineWidth(1.2)
      .strokeColor(COLOURS.text)
      .stroke();
    doc.y = y + 24;
  }

  /** Lines with the moment of the recording each rests on, as HH:MM:SS. */
  timedList(items: { text: string; at: number | null }[]): void {
    const { doc } = this;
    const timed = items.some((i) => i.at !== null);
    for (const item of items) {
      doc.font('regular').fontSize(9.5);
      const indent = timed ? 62 : 14;
      const textX = MARGIN + indent;
      const textW = this.width - indent;
      const h = doc.heightOfString(this.t(item.text), { width: textW, lineGap: 1.5 });
      this.ensure(h + 6);
      const y = doc.y;
      if (item.at !== null) {
        doc.roundedRect(MARGIN, y, 52, 13, 3).fill(COLOURS.accentSoft);
        doc
          .font('bold')
          .fontSize(7.5)
          .fillColor(COLOURS.accent)
          .text(formatHms(item.at), MARGIN, y + 3, {
            width: 52,
            align: 'center',
            lineBreak: false,
          });
      } else {
        doc.circle(MARGIN + (timed ? 26 : 4), y + 6.5, 2).fill(COLOURS.accent);
      }
      doc
        .font('regular')
        .fontSize(9.5)
        .fillColor(COLOURS.text)
        .text(this.t(item.text), textX, y + 1, { width: textW, lineGap: 1.5 });
      doc.y = Math.max(doc.y, y + 14) + 5;
    }
  }

  /** A plain bulleted list. */
  bullets(items: string[]): void {
    this.timedList(items.map((text) => ({ text, at: null })));
  }

  /** A table with a header row; widths are fractions of the page width. */
  table(
    columns: { title: string; width: number; align?: 'left' | 'right' }[],
    rows: string[][],
  ): void {
    const { doc } = this;
    const widths = columns.map((c) => c.width * this.width);
    const drawRow = (cells: string[], head: boolean) => {
      doc.font(head ? 'bold' : 'regular').fontSize(head ? 8 : 9);
      const h =
        Math.max(
          ...cells.map((c, i) => doc.heightOfString(this.t(c), { width: (widths[i] ?? 40) - 10 })),
        ) + 10;
      this.ensure(h);
      const y = doc.y;
      if (head) doc.rect(MARGIN, y, this.width, h).fill(COLOURS.surface);
      let x = MARGIN;
      cells.forEach((c, i) => {
        const w = widths[i] ?? 40;
        doc
          .fillColor(head ? COLOURS.muted : COLOURS.text)
          .text(this.t(c), x + 5, y + 5, { width: w - 10, align: columns[i]?.align ?? 'left' });
        x += w;
      });
      doc
        .moveTo(MARGIN, y + h)
        .lineTo(MARGIN + this.width, y + h)
        .lineWidth(0.5)
        .strokeColor(COLOURS.border)
        .stroke();
      doc.y = y + h;
    };
    drawRow(
      columns.map((c) => c.title),
      true,
    );
    for (const r of rows) drawRow(r, false);
    doc.moveDown(0.6);
  }

  /** Small stat tiles in a row (talk ratio, questions, …). */
  tiles(items: { label: string; value: string; hint?: string }[]): void {
    const { doc } = this;
    const gap = 8;
    const perRow = Math.min(4, items.length);
    const w = (this.width - gap * (perRow - 1)) / perRow;
    for (let i = 0; i < items.length; i += perRow) {
      this.ensure(56);
      const y = doc.y;
      items.slice(i, i + perRow).forEach((item, col) => {
        const x = MARGIN + col * (w + gap);
        doc.roundedRect(x, y, w, 48, 5).lineWidth(0.75).strokeColor(COLOURS.border).stroke();
        doc
          .font('bold')
          .fontSize(7)
          .fillColor(COLOURS.subtle)
          .text(this.t(item.label.toUpperCase()), x + 8, y + 7, {
            width: w - 16,
            lineBreak: false,
            ellipsis: true,
          });
        doc
          .font('bold')
          .fontSize(14)
          .fillColor(COLOURS.text)
          .text(this.t(item.value), x + 8, y + 18, {
            width: w - 16,
            lineBreak: false,
            ellipsis: true,
          });
        if (item.hint)
          doc
            .font('regular')
            .fontSize(7)
            .fillColor(COLOURS.muted)
            .text(this.t(item.hint), x + 8, y + 36, {
              width: w - 16,
              lineBreak: false,
              ellipsis: true,
            });
      });
      doc.y = y + 56;
    }
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
