import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { TALENT_PROFILE_MESSAGES as M } from '@parley/contracts';
import { badRequest } from '../../platform/errors.js';

export type ResumeKind = 'pdf' | 'docx';

export const RESUME_TYPES: Record<ResumeKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Decided by the bytes, not the name: a PDF starts with %PDF-, a DOCX is a zip (PK). */
export function resumeKind(bytes: Buffer): ResumeKind | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    return 'docx';
  }
  return null;
}

/**
 * Fewer letters than this in the whole PDF and it is taken to be scanned pages: a real resume
 * has hundreds, a scan has none or a stray page number.
 */
const MIN_LETTERS = 40;

async function pdfText(bytes: Buffer): Promise<string> {
  let text: string;
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    text = (await extractText(pdf, { mergePages: true })).text;
  } catch {
    throw badRequest(M.unreadable);
  }
  if ((text.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) throw badRequest(M.scannedPdf);
  return text;
}

async function docxText(bytes: Buffer): Promise<string> {
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: bytes })).value;
  } catch {
    // A zip that is not a Word document (or a damaged one).
    throw badRequest(M.notAResume);
  }
  if (!/\p{L}/u.test(text)) throw badRequest(M.emptyDocx);
  return text;
}

/** The resume's text, one line per line of the document; 400s say what is wrong with the file. */
export async function resumeText(bytes: Buffer): Promise<{ kind: ResumeKind; text: string }> {
  const kind = resumeKind(bytes);
  if (!kind) throw badRequest(M.notAResume);
  const text = kind === 'pdf' ? await pdfText(bytes) : await docxText(bytes);
  return { kind, text: text.replace(/\r\n?/g, '\n') };
}
