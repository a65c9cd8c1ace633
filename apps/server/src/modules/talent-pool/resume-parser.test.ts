import { describe, expect, it } from 'vitest';
import { RESUME_LINES, resumeDocx, resumePdf, scannedPdf } from '../../test/resume-fixtures.js';
import { parseResume } from './resume-parser.js';
import { resumeText } from './resume-text.js';

const EXPECTED_JOBS = [
  {
    title: 'Senior Software Engineer',
    company: 'Lumen Payments',
    start: '2021-03',
    end: null,
    current: true,
  },
  {
    title: 'Software Engineer',
    company: 'Northwind Data',
    start: '2017-06',
    end: '2021-02',
    current: false,
  },
];

describe('resume text and the built-in parser', () => {
  for (const [kind, make] of [
    ['pdf', resumePdf],
    ['docx', resumeDocx],
  ] as const) {
    it(`reads a ${kind} into skills, experience and the header`, async () => {
      const { kind: found, text } = await resumeText(await make());
      expect(found).toBe(kind);
      const parsed = parseResume(text);
      expect(parsed.profileData.fullName).toBe('Jordan Rivera');
      expect(parsed.profileData.headline).toBe('Senior Software Engineer');
      expect(parsed.profileData.location).toBe('Lisbon, Portugal');
      expect(parsed.profileData.phone).toBe('+351 912 345 678');
      expect(parsed.profileData.summary).toMatch(/^Backend engineer with eight years/);
      expect(parsed.workExperience.map(({ description: _d, ...job }) => job)).toEqual(
        EXPECTED_JOBS,
      );
      expect(parsed.workExperience[0]?.description).toContain('ledger service to Kubernetes');
      expect(parsed.workExperience[1]?.description.split('\n')).toHaveLength(2);
      for (const skill of ['Python', 'TypeScript', 'Go', 'SQL', 'Docker', 'Kubernetes', 'AWS']) {
        expect(parsed.profileData.skills).toContain(skill);
      }
      // From the experience text, through the vocabulary.
      for (const skill of ['Airflow', 'Spark', 'React', 'PostgreSQL', 'Mentoring']) {
        expect(parsed.profileData.skills).toContain(skill);
      }
      // "Go" is recognised only where skills are listed; Java is not in "Javascript".
      expect(parsed.profileData.skills).not.toContain('Java');
      expect(parsed.profileData.education).toEqual([
        'BSc Computer Science, University of Porto, 2017',
      ]);
    });
  }

  it('reads "Company | Title | dates" on one line and year-only ranges', () => {
    const parsed = parseResume(
      [
        'Ana Silva',
        'WORK EXPERIENCE',
        'Globex | Product Manager | 2019 - 2022',
        '- Owned the billing roadmap',
        'Product Analyst @ Initech (01/2016 to 12/2018)',
        'SKILLS',
        'Roadmapping; A/B testing; SQL',
      ].join('\n'),
    );
    expect(parsed.workExperience.map(({ description: _d, ...j }) => j)).toEqual([
      { title: 'Product Manager', company: 'Globex', start: '2019', end: '2022', current: false },
      {
        title: 'Product Analyst',
        company: 'Initech',
        start: '2016-01',
        end: '2018-12',
        current: false,
      },
    ]);
    expect(parsed.profileData.skills).toEqual(['Roadmapping', 'A/B testing', 'SQL']);
  });

  it('says a scanned PDF has no text, and refuses what is not a PDF or DOCX', async () => {
    await expect(resumeText(await scannedPdf())).rejects.toThrow(/looks scanned/);
    await expect(resumeText(Buffer.from('plain text resume'))).rejects.toThrow(/PDF or a Word/);
    expect(RESUME_LINES.length).toBeGreaterThan(5);
  });
});
