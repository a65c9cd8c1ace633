import type { ManifestItem } from './archive.js';

/** README.txt of the archive: what each file is, in words. */
export function readme(exportedAt: string, items: readonly ManifestItem[]): string {
  const lines = [
    'Your data from Parley',
    `Prepared ${exportedAt}`,
    '',
    'This archive holds everything your account keeps: your account and consent, your profile',
    'and resume, your mock interviews with their questions, your meetings with their',
    'recordings, transcripts, analysis and feedback, your invoices, and any other record of',
    'you. JSON files open in any text editor; manifest.json lists every file with its size.',
    '',
    'Files:',
    ...items.map((i) => `  ${i.path} (${i.bytes} bytes): ${i.description}`),
    '',
  ];
  return lines.join('\n');
}
