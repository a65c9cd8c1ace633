import { formatHms } from '@parley/contracts';
import { COLOURS, MARGIN, ReportPage } from './document.js';

/**
 * The report's data blocks on top of the page kit: facts, score bars against the threshold,
 * time-stamped lists, bullets and tiles.
 */
export class ReportDocument extends ReportPage {
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
}
