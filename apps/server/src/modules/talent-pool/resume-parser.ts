import type { ProfileData, WorkExperienceItem } from '@parley/contracts';
import { canonicalSkill, skillsIn } from './skills-vocabulary.js';

/**
 * The built-in resume parser: deterministic, no model. A resume is read as lines; headings
 * split it into sections; in the experience section every line with a date range starts a
 * job, whose title and company are on that line or the one or two lines above it.
 */
export interface ParsedResumeFields {
  profileData: ProfileData;
  workExperience: WorkExperienceItem[];
}

type Section = 'summary' | 'experience' | 'skills' | 'education' | 'other';

const HEADINGS: Record<string, Section> = {
  summary: 'summary',
  profile: 'summary',
  'professional summary': 'summary',
  'career summary': 'summary',
  about: 'summary',
  'about me': 'summary',
  objective: 'summary',
  experience: 'experience',
  'work experience': 'experience',
  'professional experience': 'experience',
  'employment history': 'experience',
  employment: 'experience',
  'work history': 'experience',
  'career history': 'experience',
  'relevant experience': 'experience',
  skills: 'skills',
  'technical skills': 'skills',
  'key skills': 'skills',
  'core skills': 'skills',
  'core competencies': 'skills',
  competencies: 'skills',
  'skills and tools': 'skills',
  'tools and technologies': 'skills',
  technologies: 'skills',
  education: 'education',
  'education and training': 'education',
  qualifications: 'education',
  projects: 'other',
  'personal projects': 'other',
  certifications: 'other',
  certificates: 'other',
  awards: 'other',
  publications: 'other',
  languages: 'other',
  interests: 'other',
  hobbies: 'other',
  references: 'other',
  volunteering: 'other',
  'volunteer experience': 'other',
};

function headingOf(line: string): Section | null {
  const key = line
    .replace(/[:：]\s*$/, '')
    .replace(/&/g, 'and')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return key.length <= 40 ? (HEADINGS[key] ?? null) : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const POINT = String.raw`(?:${MONTH}\s+\d{4}|\d{1,2}[/.]\d{4}|\d{4}[-/]\d{1,2}|\d{4})`;
const OPEN = String.raw`(?:present|current|now|today|ongoing)`;
const RANGE = new RegExp(
  String.raw`\(?\s*(${POINT})\s*(?:-|–|—|to|until)\s*(${POINT}|${OPEN})\s*\)?`,
  'i',
);

/** '2021-04' or '2021' from one end of a range. */
function monthOf(point: string): string | null {
  const p = point.trim().toLowerCase().replace(/\./g, ' ');
  const named = /^([a-z]+)\s+(\d{4})$/.exec(p);
  if (named?.[1] && named[2]) {
    const m = MONTHS.indexOf(named[1].slice(0, 3));
    return m >= 0 ? `${named[2]}-${String(m + 1).padStart(2, '0')}` : named[2];
  }
  const monthFirst = /^(\d{1,2})[/ ](\d{4})$/.exec(p);
  if (monthFirst?.[1] && monthFirst[2]) {
    const m = Number(monthFirst[1]);
    return m >= 1 && m <= 12 ? `${monthFirst[2]}-${String(m).padStart(2, '0')}` : monthFirst[2];
  }
  const yearFirst = /^(\d{4})[-/](\d{1,2})$/.exec(p);
  if (yearFirst?.[1] && yearFirst[2]) {
    const m = Number(yearFirst[2]);
    return m >= 1 && m <= 12 ? `${yearFirst[1]}-${String(m).padStart(2, '0')}` : yearFirst[1];
  }
  return /^\d{4}$/.test(p) ? p : null;
}

const TITLE_WORDS =
  /\b(engineer|developer|programmer|manager|designer|scientist|analyst|lead|intern|director|consultant|architect|specialist|administrator|officer|head|vp|president|associate|coordinator|researcher|owner|founder|sre|devops|product|technician|strategist|writer|teacher|assistant)\b/i;

const BULLET = /^[•·▪◦●\-*–]\s*/;
const isBullet = (line: string) => BULLET.test(line);

/** "Title at Company", "Company | Title", "Title, Company": which part is the title. */
function titleAndCompany(parts: string[]): { title: string; company: string } {
  const cleaned = parts.map((p) => p.trim()).filter(Boolean);
  if (cleaned.length === 0) return { title: '', company: '' };
  if (cleaned.length === 1) return { title: cleaned[0] ?? '', company: '' };
  const titleIndex = cleaned.findIndex((p) => TITLE_WORDS.test(p));
  const at = titleIndex >= 0 ? titleIndex : 0;
  const title = cleaned[at] ?? '';
  const company = cleaned.filter((_, i) => i !== at)[0] ?? '';
  return { title, company };
}

function splitHeader(text: string): string[] {
  const at = /\s+(?:at|@)\s+/i.exec(text);
  if (at) return [text.slice(0, at.index), text.slice(at.index + at[0].length)];
  return text.split(/\s+[|–—-]\s+|,\s+|\s{2,}|\t/).slice(0, 2);
}

const stripRange = (line: string) =>
  line
    .replace(RANGE, ' ')
    .replace(/^[\s|,–—-]+|[\s|,–—-]+$/g, '')
    .trim();

function experienceOf(lines: string[]): WorkExperienceItem[] {
  const jobs: WorkExperienceItem[] = [];
  const dateLines = lines
    .map((l, i) => (RANGE.test(l) && !isBullet(l) ? i : -1))
    .filter((i) => i >= 0);
  // Where each job's header begins: the date line, or up to two plain lines right above it.
  const starts = dateLines.map((i, k) => {
    const floor = k === 0 ? 0 : (dateLines[k - 1] ?? 0) + 1;
    let s = i;
    const own = stripRange(lines[i] ?? '');
    const needed = own && splitHeader(own).length > 1 ? 0 : own ? 1 : 2;
    while (s > floor && i - s < needed) {
      const above = lines[s - 1] ?? '';
      if (isBullet(above) || above.length > 90 || /[.;]$/.test(above)) break;
      s -= 1;
    }
    return s;
  });
  dateLines.forEach((i, k) => {
    const range = RANGE.exec(lines[i] ?? '');
    const headerLines = [...lines.slice(starts[k], i), stripRange(lines[i] ?? '')].filter(Boolean);
    const parts = headerLines.length === 1 ? splitHeader(headerLines[0] ?? '') : headerLines;
    const named = titleAndCompany(parts);
    // "Acme Corp, London": the place after the company's name is not part of it.
    const title = named.title;
    const company = named.company.split(/,\s+/)[0] ?? '';
    const end = k + 1 < starts.length ? starts[k + 1] : lines.length;
    const description = lines
      .slice(i + 1, end)
      .map((l) => l.replace(BULLET, '').trim())
      .filter(Boolean)
      .join('\n');
    const endPoint = range?.[2] ?? '';
    const current = new RegExp(`^${OPEN}$`, 'i').test(endPoint.trim());
    jobs.push({
      title: title.slice(0, 120),
      company: company.slice(0, 120),
      start: range?.[1] ? monthOf(range[1]) : null,
      end: current ? null : monthOf(endPoint),
      current,
      description: description.slice(0, 4000),
    });
  });
  return jobs.slice(0, 40);
}

function listedSkills(lines: string[]): string[] {
  return lines
    .flatMap((l) =>
      l
        .replace(BULLET, '')
        .replace(/^[\w /&]{2,30}:\s*/, '')
        .split(/[,;|•·]|\s{2,}/),
    )
    .map((s) =>
      s
        .replace(/\(.*?\)/g, '')
        .replace(/\.$/, '')
        .trim(),
    )
    .filter((s) => s.length >= 1 && s.length <= 40 && s.split(/\s+/).length <= 4)
    .map(canonicalSkill);
}

const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/;
const PHONE = /(\+?\d[\d ()-]{7,}\d)/;
const URL_LIKE = /(https?:\/\/|www\.|linkedin\.com|github\.com)/i;
const LOCATION = /^[\p{Lu}][\p{L} .'-]+,\s*[\p{Lu}][\p{L} .'-]+$/u;

/** Name, headline, phone and location from the lines before the first heading. */
function headerFields(
  lines: string[],
): Pick<ProfileData, 'fullName' | 'headline' | 'phone' | 'location'> {
  let fullName = '';
  let headline = '';
  let phone = '';
  let location = '';
  for (const raw of lines.slice(0, 8)) {
    for (const piece of raw.split(/\s*[|•·]\s*/)) {
      const line = piece.trim();
      if (!line) continue;
      const phoneMatch = PHONE.exec(line);
      if (EMAIL.test(line) || URL_LIKE.test(line)) continue;
      if (phoneMatch && !phone) {
        phone = phoneMatch[1]?.trim() ?? '';
        continue;
      }
      if (!fullName && /^[\p{L}'.-]+(?:\s+[\p{L}'.-]+){1,3}$/u.test(line) && line.length <= 50) {
        fullName = line;
      } else if (!location && LOCATION.test(line) && line.length <= 60) {
        location = line;
      } else if (fullName && !headline && line.length <= 120) {
        headline = line;
      }
    }
  }
  return { fullName, headline, phone, location };
}

export function parseResume(text: string): ParsedResumeFields {
  const lines = text
    .split('\n')
    .map((l) =>
      l
        .replace(/\s+$/g, '')
        .replace(/^\s+/, '')
        .replace(/[ \u00a0]{2,}/g, '  '),
    )
    .filter((l) => l.trim().length > 0);
  const sections: Record<Section | 'header', string[]> = {
    header: [],
    summary: [],
    experience: [],
    skills: [],
    education: [],
    other: [],
  };
  let current: Section | 'header' = 'header';
  for (const line of lines) {
    const heading = headingOf(line);
    if (heading) current = heading;
    else sections[current].push(line);
  }
  const listed = listedSkills(sections.skills);
  const found = [
    ...listed,
    ...skillsIn(sections.skills.join('\n'), true),
    ...skillsIn(text, false),
  ];
  const seen = new Set<string>();
  const skills = found.filter((s) => {
    const key = s.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    profileData: {
      ...headerFields(sections.header),
      summary: sections.summary.join(' ').replace(/\s+/g, ' ').trim().slice(0, 4000),
      skills: skills.slice(0, 80),
      education: sections.education
        .map((l) => l.replace(BULLET, '').trim())
        .filter(Boolean)
        .slice(0, 20),
    },
    workExperience: experienceOf(sections.experience),
  };
}
