import JSZip from 'jszip';
import PDFDocument from 'pdfkit';

/**
 * Resume fixtures, made when a test runs (nothing binary is committed): the same resume as a
 * PDF written by pdfkit with real text objects, and as a DOCX assembled from the minimal
 * WordprocessingML parts Word itself needs; plus a "scanned" PDF (drawn shapes only, no
 * text objects) and an oversize file.
 */
export const RESUME_LINES = [
  'Jordan Rivera',
  'Senior Software Engineer',
  'Lisbon, Portugal | +351 912 345 678 | jordan.rivera@example.com',
  'Summary',
  'Backend engineer with eight years building payment and data platforms.',
  'Experience',
  'Senior Software Engineer at Lumen Payments',
  'Mar 2021 – Present',
  '• Led the move of the ledger service to Kubernetes and PostgreSQL.',
  '• Mentored four engineers; introduced code review checklists.',
  'Software Engineer, Northwind Data',
  'Jun 2017 - Feb 2021',
  '• Built Python data pipelines on Airflow and Spark for 40 customers.',
  '• Wrote React dashboards used by the support team.',
  'Education',
  'BSc Computer Science, University of Porto, 2017',
  'Skills',
  'Languages: Python, TypeScript, Go, SQL',
  'Tools: Docker, Kubernetes, AWS, Terraform, Git',
] as const;

/** A text PDF of RESUME_LINES, one text line per line. */
export function resumePdf(lines: readonly string[] = RESUME_LINES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: 'Resume' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(11);
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

/** A PDF with pages but no text objects: what a scanner produces, as far as text goes. */
export function scannedPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let y = 80; y < 700; y += 18) doc.rect(60, y, 300 + ((y * 7) % 150), 8).fill('#333');
    doc.end();
  });
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A DOCX of RESUME_LINES, one paragraph per line. */
export async function resumeDocx(lines: readonly string[] = RESUME_LINES): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  const paragraphs = lines
    .map((l) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(l)}</w:t></w:r></w:p>`)
    .join('');
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${paragraphs}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}
