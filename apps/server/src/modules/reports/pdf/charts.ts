import { formatHms } from '@parley/contracts';
import type { ReportDocument } from './blocks.js';
import { COLOURS, SERIES } from './document.js';

/** Vector charts of the reports, drawn with the page kit's fonts and colours. */

export interface TalkShare {
  name: string;
  seconds: number;
  /** Share of all talking, 0–100. */
  percentage: number;
}

/** Talk time per speaker: one bar each, the share and the minutes beside it. */
export function talkTimeChart(r: ReportDocument, speakers: TalkShare[]): void {
  const { doc } = r;
  const rowH = 22;
  r.ensure(speakers.length * rowH + 12);
  const labelW = 130;
  const valueW = 110;
  const barW = r.width - labelW - valueW;
  let y = doc.y + 2;
  speakers.forEach((s, i) => {
    const colour = SERIES[i % SERIES.length] ?? COLOURS.accent;
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(COLOURS.text)
      .text(r.t(s.name), r.left, y + 3, { width: labelW - 8, lineBreak: false, ellipsis: true });
    doc.roundedRect(r.left + labelW, y + 3, barW, 11, 3).fill(COLOURS.surface);
    if (s.percentage > 0) {
      doc
        .roundedRect(r.left + labelW, y + 3, Math.max(4, (barW * s.percentage) / 100), 11, 3)
        .fill(colour);
    }
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor(COLOURS.text)
      .text(`${s.percentage.toFixed(1)}%`, r.left + labelW + barW + 8, y + 3, { lineBreak: false });
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(COLOURS.muted)
      .text(formatHms(s.seconds), r.left + labelW + barW + 52, y + 4, { lineBreak: false });
    y += rowH;
  });
  doc.y = y + 6;
}

export interface SentimentPoint {
  start: number;
  end: number;
  /** −1 (negative) … 1 (positive); null for a window without speech. */
  compound: number | null;
}

/**
 * Sentiment over the recording: a line through each window's middle, above the zero line in
 * green, below it in red, gaps where nobody spoke, and the time axis in HH:MM:SS.
 */
export function sentimentChart(
  r: ReportDocument,
  points: SentimentPoint[],
  durationSec: number,
): void {
  const { doc } = r;
  const height = 110;
  r.ensure(height + 34);
  const axisW = 34;
  const x0 = r.left + axisW;
  const w = r.width - axisW;
  const top = doc.y + 4;
  const mid = top + height / 2;
  const span = Math.max(durationSec, ...points.map((p) => p.end), 1);
  const xOf = (t: number) => x0 + (w * t) / span;
  const yOf = (v: number) => mid - (Math.max(-1, Math.min(1, v)) * height) / 2;

  // Frame: bands for positive and negative, grid lines at ±0.5.
  doc.rect(x0, top, w, height / 2).fill('#f0fdf4');
  doc.rect(x0, mid, w, height / 2).fill('#fef2f2');
  for (const v of [1, 0.5, -0.5, -1]) {
    doc
      .moveTo(x0, yOf(v))
      .lineTo(x0 + w, yOf(v))
      .lineWidth(0.4)
      .strokeColor(COLOURS.border)
      .stroke();
  }
  doc
    .moveTo(x0, mid)
    .lineTo(x0 + w, mid)
    .lineWidth(0.8)
    .strokeColor(COLOURS.subtle)
    .stroke();
  doc.font('regular').fontSize(7).fillColor(COLOURS.muted);
  for (const [v, label] of [
    [1, '+1'],
    [0.5, '+0.5'],
    [0, '0'],
    [-0.5, '−0.5'],
    [-1, '−1'],
  ] as const) {
    doc.text(r.t(label), r.left - 6, yOf(v) - 3.5, {
      width: axisW,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.fillColor(COLOURS.success).text('Positive', x0 + 4, top + 3, { lineBreak: false });
  doc.fillColor(COLOURS.danger).text('Negative', x0 + 4, top + height - 11, { lineBreak: false });

  // The line, broken where a window has no speech.
  let open = false;
  for (const p of points) {
    if (p.compound === null) {
      if (open) doc.lineWidth(1.6).strokeColor(COLOURS.accent).stroke();
      open = false;
      continue;
    }
    const x = xOf((p.start + p.end) / 2);
    const y = yOf(p.compound);
    if (!open) doc.moveTo(x, y);
    else doc.lineTo(x, y);
    open = true;
  }
  if (open) doc.lineWidth(1.6).strokeColor(COLOURS.accent).stroke();
  for (const p of points) {
    if (p.compound === null) continue;
    doc
      .circle(xOf((p.start + p.end) / 2), yOf(p.compound), 1.8)
      .fill(p.compound >= 0 ? COLOURS.success : COLOURS.danger);
  }

  // Time axis: five ticks.
  const axisY = top + height + 4;
  doc.font('regular').fontSize(7).fillColor(COLOURS.muted);
  for (let i = 0; i <= 4; i++) {
    const t = (span * i) / 4;
    const x = xOf(t);
    doc
      .moveTo(x, top + height)
      .lineTo(x, axisY)
      .lineWidth(0.5)
      .strokeColor(COLOURS.subtle)
      .stroke();
    const align = i === 0 ? 'left' : i === 4 ? 'right' : 'center';
    doc.text(formatHms(t), align === 'left' ? x : align === 'right' ? x - 50 : x - 25, axisY + 2, {
      width: 50,
      align,
      lineBreak: false,
    });
  }
  doc.y = axisY + 18;
}
