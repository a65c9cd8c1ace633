import { describe, expect, it } from 'vitest';
import {
  MOCK_LEVELS,
  MOCK_SETTINGS_LIMITS,
  TALENT_CATALOG_MESSAGES as C,
  TALENT_POOL_DEFAULTS,
  TALENT_PROFILE_MESSAGES as M,
  type CompanyPage,
  type MockInterview,
  type RoleLevel,
  type TalentRole,
} from '@parley/contracts';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, expectRefusal, json, signIn, signUp } from '../../test/context.js';
import { resumePdf } from '../../test/resume-fixtures.js';
import { builtInQuestions } from './questions.js';
import { QUESTION_BANK } from './question-bank.js';

useTestApp();

const setup = (overrides: Record<string, unknown> = {}) => ({
  useResume: false,
  companyName: 'Google',
  jobRole: 'Software engineer',
  level: 'Medium',
  skills: ['Python'],
  jobDescription: '',
  settings: { questionCount: 5, thinkSeconds: 30, answerSeconds: 120, retakes: 1 },
  ...overrides,
});

describe('companies, roles and levels', () => {
  it('are seeded with the spec’s defaults and every seeded role has a bank for each level', async () => {
    const seeker = await signIn(ctx, 'seeker@parley.local');
    const companies = json<CompanyPage>(
      await call(ctx, 'GET', '/b2c/company/all', { token: seeker.accessToken }),
    );
    expect(companies.data.map((c) => c.name).sort()).toEqual(
      [...TALENT_POOL_DEFAULTS.companies].sort(),
    );
    const options = json<RoleLevel>(
      await call(ctx, 'GET', '/b2c/role-level', { token: seeker.accessToken }),
    );
    expect(options.levels).toEqual(['Easy', 'Medium', 'Hard']);
    expect(options.skills).toEqual([...TALENT_POOL_DEFAULTS.skills]);
    expect(options.roles.map((r) => r.name).sort()).toEqual([...TALENT_POOL_DEFAULTS.roles].sort());
    for (const role of options.roles) {
      for (const level of MOCK_LEVELS) {
        expect(role.questionCounts[level]).toBeGreaterThanOrEqual(6);
        // Through the API, from the stored bank: the most questions the settings allow.
        const res = await call(ctx, 'POST', '/b2c/mock-interview', {
          token: seeker.accessToken,
          payload: setup({ jobRole: role.name, level, settings: { questionCount: 10 } }),
        });
        const questions = json<MockInterview>(res).questions.map((q) => q.text);
        expect(new Set(questions).size).toBe(10);
      }
    }
  });

  it('are kept by the super admin: add, rename, deactivate (no longer offered), query by status, delete', async () => {
    const admin = await signIn(ctx, 'admin@parley.local');
    const seeker = await signIn(ctx, 'seeker@parley.local');
    const token = admin.accessToken;
    const created = await call(ctx, 'POST', '/b2c/company', { token, payload: { name: 'Stripe' } });
    expect(created.statusCode).toBe(201);
    const id = json<{ id: string }>(created).id;
    expectRefusal(
      await call(ctx, 'POST', '/b2c/company', { token, payload: { name: 'Stripe' } }),
      409,
      C.companyExists('Stripe'),
    );
    await call(ctx, 'PUT', `/b2c/company/${id}`, { token, payload: { status: 'inactive' } });
    const offered = json<CompanyPage>(
      await call(ctx, 'GET', '/b2c/company/all', { token: seeker.accessToken }),
    );
    expect(offered.data.map((c) => c.name)).not.toContain('Stripe');
    const inactive = json<CompanyPage>(
      await call(ctx, 'GET', '/b2c/company-query?status=inactive&search=str', { token }),
    );
    expect(inactive).toMatchObject({ count: 1, data: [{ name: 'Stripe', status: 'inactive' }] });
    expect((await call(ctx, 'DELETE', `/b2c/company/${id}`, { token })).statusCode).toBe(200);
    expectRefusal(
      await call(ctx, 'DELETE', `/b2c/company/${id}`, { token }),
      404,
      C.companyNotFound,
    );

    const role = json<TalentRole>(
      await call(ctx, 'POST', '/b2c/role', { token, payload: { name: 'Sales engineer' } }),
    );
    expect(role.questionCounts).toEqual({ Easy: 0, Medium: 0, Hard: 0 });
    const page = json<{ count: number }>(
      await call(ctx, 'GET', '/b2c/role-query?status=active', { token }),
    );
    expect(page.count).toBe(TALENT_POOL_DEFAULTS.roles.length + 1);
    // A role of its own without a bank still gets a full interview, from the templates.
    const made = json<MockInterview>(
      await call(ctx, 'POST', '/b2c/mock-interview', {
        token: seeker.accessToken,
        payload: setup({ jobRole: 'Sales engineer', settings: { questionCount: 10 } }),
      }),
    );
    expect(new Set(made.questions.map((q) => q.text)).size).toBe(10);
    expect(made.questions.some((q) => q.text.includes('sales engineer'))).toBe(true);
    expect((await call(ctx, 'DELETE', `/b2c/role/${role.id}`, { token })).statusCode).toBe(200);
  });
});

describe('the built-in question engine', () => {
  it('gives N distinct questions for every seeded role and level, N from the fewest to the most', () => {
    const { min, max } = MOCK_SETTINGS_LIMITS.questionCount;
    for (const [role, levels] of Object.entries(QUESTION_BANK)) {
      for (const level of MOCK_LEVELS) {
        for (let count = min; count <= max; count++) {
          const questions = builtInQuestions(levels[level], {
            role,
            level,
            company: 'Amazon',
            skills: ['Python'],
            resumeSkills: ['Kubernetes'],
            jobDescription: 'We run Kubernetes and Python services.',
            count,
          });
          expect(questions).toHaveLength(count);
          expect(new Set(questions.map((q) => q.text)).size).toBe(count);
        }
      }
    }
  });

  it('tailors: the job ad and skills pick the role questions, the company and a skill are named', () => {
    const bank = QUESTION_BANK['Devops engineer']?.Medium ?? [];
    const base = {
      role: 'Devops engineer',
      level: 'Medium' as const,
      company: 'Meta',
      resumeSkills: [],
      count: 5,
    };
    const k8s = builtInQuestions(bank, {
      ...base,
      skills: ['Kubernetes'],
      jobDescription: 'Kubernetes on AWS',
    });
    const cost = builtInQuestions(bank, {
      ...base,
      skills: [],
      jobDescription: 'Cut our AWS and Azure bill',
    });
    expect(k8s.map((q) => q.text)).not.toEqual(cost.map((q) => q.text));
    expect(k8s.some((q) => q.text.includes('Kubernetes pod'))).toBe(true);
    expect(k8s.some((q) => q.text.includes('Meta'))).toBe(true);
    expect(k8s.some((q) => q.topic === 'Kubernetes')).toBe(true);
    expect(cost[1]?.text).toMatch(/cloud bill/);
  });
});

describe('mock interview set-up', () => {
  it('saves a ready interview with its questions and settings, tailored by the resume, and lists it', async () => {
    const s = await signUp(ctx, 'mock-seeker@example.com', { accountType: 'individual' });
    const token = s.accessToken;
    expectRefusal(
      await call(ctx, 'POST', '/b2c/mock-interview', {
        token,
        payload: setup({ useResume: true }),
      }),
      400,
      M.resumeMissing,
    );
    const f = new FormData();
    f.set('file', new Blob([new Uint8Array(await resumePdf())]), 'cv.pdf');
    const req = new Request('http://x/', { method: 'POST', body: f });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/b2c/user/profile',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: {
        'content-type': req.headers.get('content-type') ?? '',
        authorization: `Bearer ${token}`,
      },
    });
    const res = await call(ctx, 'POST', '/b2c/mock-interview', {
      token,
      payload: setup({
        useResume: true,
        level: 'Hard',
        skills: ['Kubernetes'],
        jobDescription: 'Own the notification platform on Kafka.',
        settings: { questionCount: 6, thinkSeconds: 10, answerSeconds: 90, retakes: 0 },
      }),
    });
    expect(res.statusCode).toBe(201);
    const made = json<MockInterview>(res);
    expect(made).toMatchObject({
      state: 'ready',
      email: 'mock-seeker@example.com',
      resumeLink: 'cv.pdf',
      level: 'Hard',
      generatedBy: 'built-in',
      settings: { questionCount: 6, thinkSeconds: 10, answerSeconds: 90, retakes: 0 },
    });
    expect(made.questions).toHaveLength(6);
    expect(made.questions.some((q) => /50 million users/.test(q.text))).toBe(true);
    const list = json<{ data: MockInterview[]; count: number }>(
      await call(ctx, 'GET', '/b2c/user/get/mock-interviews', { token }),
    );
    expect(list.count).toBe(1);
    expect(list.data[0]).toEqual(made);
    expect(
      json<MockInterview>(await call(ctx, 'GET', `/b2c/mock-interview/${made.id}`, { token })),
    ).toEqual(made);

    // Another seeker sees none of it.
    const other = await signUp(ctx, 'other-mock@example.com', { accountType: 'individual' });
    expectRefusal(
      await call(ctx, 'GET', `/b2c/mock-interview/${made.id}`, { token: other.accessToken }),
      404,
      M.mockInterviewNotFound,
    );
    expectRefusal(
      await call(ctx, 'POST', '/b2c/user/get/mock-interviews', {
        token: other.accessToken,
        payload: { email: 'mock-seeker@example.com' },
      }),
      404,
      M.getMockInterviewsFailed,
    );
    expect(
      json<{ count: number }>(
        await call(ctx, 'GET', '/b2c/user/get/mock-interviews', { token: other.accessToken }),
      ).count,
    ).toBe(0);
  });

  it('refuses an inactive or unknown role or company, and settings out of range', async () => {
    const s = await signUp(ctx, 'strict-seeker@example.com', { accountType: 'individual' });
    const token = s.accessToken;
    expectRefusal(
      await call(ctx, 'POST', '/b2c/mock-interview', {
        token,
        payload: setup({ jobRole: 'Astronaut' }),
      }),
      400,
      M.unknownRole,
    );
    expectRefusal(
      await call(ctx, 'POST', '/b2c/mock-interview', {
        token,
        payload: setup({ companyName: 'Initech' }),
      }),
      400,
      M.unknownCompany,
    );
    for (const settings of [{ questionCount: 2 }, { answerSeconds: 5 }, { retakes: 9 }]) {
      const res = await call(ctx, 'POST', '/b2c/mock-interview', {
        token,
        payload: setup({ settings }),
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
