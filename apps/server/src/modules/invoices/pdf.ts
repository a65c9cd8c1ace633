import PDFDocument from 'pdfkit';
import { formatMoney, type InvoiceParty } from '@parley/contracts';
import { reportFonts, toWinAnsi } from '../reports/index.js';
import type { InvoiceRow } from './repo.js';

const STATUS_TEXT = { open: 'Awaiting payment', paid: 'Paid', void: 'Void' } as const;
const METHOD_TEXT = { card: 'Card', manual: 'Bank transfer' } as const;

const day = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(d);

// A4 in points, with the margins every block lines up on.
const LEFT = 50;
const RIGHT = 545;
const COLUMNS = { description: LEFT, quantity: 330, unit: 380, amount: 465 } as const;

/**
 * The invoice as a PDF: real text (selectable, searchable, what the tests read back) in the
 * reports' fonts (DejaVu Sans when installed, so any script prints; else Helvetica). Only what
 * the row holds is printed: the invoice is immutable, so the same row makes the same document.
 */
export function renderInvoicePdf(row: InvoiceRow): Promise<Buffer> {
  const fonts = reportFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: `Invoice ${row.number}`, Author: row.seller.name },
  });
  const shown = (t: string) => (fonts.unicode ? t : toWinAnsi(t));
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (minor: number) => shown(formatMoney(minor, row.currency));
  const status = STATUS_TEXT[row.status as keyof typeof STATUS_TEXT] ?? row.status;
  const method = METHOD_TEXT[row.method as keyof typeof METHOD_TEXT] ?? row.method;

  doc.font('bold').fontSize(22).text('Invoice', LEFT, 50);
  doc.font('regular').fontSize(10);
  const facts: [string, string][] = [
    ['Invoice number', row.number],
    ['Issued', day(row.issuedAt)],
    ['Status', row.paidAt ? `${status} on ${day(row.paidAt)}` : status],
    ['Payment', method],
  ];
  let y = 85;
  for (const [label, value] of facts) {
    doc.fillColor('#555555').text(label, LEFT, y, { width: 100 });
    doc.fillColor('#000000').text(value, LEFT + 100, y);
    y += 15;
  }

  y += 20;
  const party = (title: string, p: InvoiceParty, x: number) => {
    doc.font('bold').text(title, x, y);
    doc.font('regular').text(shown([p.name, ...p.lines].join('\n')), x, y + 15, { width: 230 });
  };
  party('From', row.seller, LEFT);
  party('Bill to', row.buyer, 310);
  y += 15 + 15 * (Math.max(row.seller.lines.length, row.buyer.lines.length) + 1) + 25;

  const header = (text: string, x: number, width: number, align: 'left' | 'right') =>
    doc.font('bold').text(text, x, y, { width, align });
  header('Description', COLUMNS.description, 270, 'left');
  header('Qty', COLUMNS.quantity, 40, 'right');
  header('Unit price', COLUMNS.unit, 80, 'right');
  header('Amount', COLUMNS.amount, RIGHT - COLUMNS.amount, 'right');
  y += 16;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor('#cccccc').stroke();
  y += 6;
  doc.font('regular');
  for (const l of row.lines) {
    const description = shown(l.description);
    const height = doc.heightOfString(description, { width: 270 });
    doc.text(description, COLUMNS.description, y, { width: 270 });
    doc.text(String(l.quantity), COLUMNS.quantity, y, { width: 40, align: 'right' });
    doc.text(money(l.unitMinor), COLUMNS.unit, y, { width: 80, align: 'right' });
    doc.text(money(l.amountMinor), COLUMNS.amount, y, {
      width: RIGHT - COLUMNS.amount,
      align: 'right',
    });
    y += Math.max(height, 12) + 6;
  }
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor('#cccccc').stroke();
  y += 8;

  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'bold' : 'regular');
    doc.text(label, COLUMNS.unit - 80, y, { width: 160, align: 'right' });
    doc.text(value, COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: 'right' });
    y += 16;
  };
  // Prices include the tax: the lines add up to the total, of which the tax is a part.
  const taxNames = row.taxes.map((t) => t.name).join(', ');
  total(taxNames ? shown(`Subtotal (excl. ${taxNames})`) : 'Subtotal', money(row.subtotalMinor));
  if (row.taxes.length === 0) total('Tax', money(row.taxMinor));
  for (const t of row.taxes) {
    total(shown(`${t.name} (${(t.rateBasisPoints / 100).toFixed(2)}%)`), money(t.amountMinor));
  }
  total(`Total (${row.currency})`, money(row.totalMinor), true);

  if (row.status === 'open') {
    y += 20;
    doc
      .font('regular')
      .text(
        `Please pay by bank transfer and quote the invoice number ${row.number} as the reference.`,
        LEFT,
        y,
        { width: RIGHT - LEFT },
      );
    if (row.paymentDetails) {
      doc
        .moveDown(0.8)
        .font('bold')
        .text('Payment details', { width: RIGHT - LEFT });
      doc.font('regular').text(shown(row.paymentDetails), { width: RIGHT - LEFT });
    }
  }
  doc.end();
  return done;
}
