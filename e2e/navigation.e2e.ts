import { expect, expectAccessible, mainNav, navTitles, signIn, test } from './support';

// The navigation table of spec 1 §2, written out independently as the test's oracle.
const ROLES = [
  {
    email: 'admin@parley.local',
    landing: '/',
    items: [
      'Home',
      'Organization Management',
      'Enterprise Management',
      'App Integrations',
      'Coaching',
      'User Management',
      'User Logs',
      'Zai',
      'Configuration',
    ],
  },
  {
    email: 'poc@acme.parley.local',
    landing: '/',
    items: [
      'Home',
      'Library',
      'Accounts',
      'Coaching',
      'Zai',
      'App Integrations',
      'User Management',
      'User Logs',
      'Configuration',
    ],
  },
  {
    email: 'user@acme.parley.local',
    landing: '/',
    items: ['Home', 'Library', 'Zai', 'App Integrations', 'User Logs', 'Configuration'],
  },
  {
    email: 'manager@acme.parley.local',
    landing: '/',
    items: [
      'Home',
      'Accounts',
      'Library',
      'Coaching',
      'Zai',
      'App Integrations',
      'User Logs',
      'Configuration',
    ],
  },
  {
    email: 'rep@acme.parley.local',
    landing: '/',
    items: ['Home', 'Coaching', 'App Integrations', 'Configuration'],
  },
];

test.use({ viewport: { width: 1440, height: 900 } });

for (const role of ROLES) {
  test(`${role.email} lands on ${role.landing} with exactly the role's navigation`, async ({
    page,
  }) => {
    await signIn(page, role.email);
    await expect(page).toHaveURL(
      new URL(role.landing, 'http://x').pathname === '/' ? /\/$/ : new RegExp(`${role.landing}$`),
    );
    expect(await navTitles(page)).toEqual(role.items);
    // The browser tab names the page.
    await expect(page).toHaveTitle(`${role.items[0]} · Parley`);
    await expect(
      mainNav(page).getByRole('link', { name: role.items[0], exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page, `home of ${role.email}`);
  });
}

test('a path outside the role’s navigation goes to its first item', async ({ page }) => {
  await signIn(page, 'rep@acme.parley.local');
  await page.goto('/library');
  await expect(page).toHaveURL(/\/$/);
});

test('the talent-pool user passes through consent, then sees only their four screens', async ({
  page,
}) => {
  await signIn(page, 'seeker@parley.local');
  await expect(page).toHaveURL(/\/consent$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Accept & Continue, Terms of Service & Data Consent',
  );
  const cont = page.getByRole('button', { name: 'Continue' });
  await expect(cont).toBeDisabled();
  await expectAccessible(page, '/consent');
  await page.getByLabel('I agree with all the above').check();
  await cont.click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await navTitles(page)).toEqual(['Home', 'Mock Interviews', 'Profile', 'Settings']);
  await expectAccessible(page, '/profile (talent pool)');
  // Consent is kept: a later visit to /consent goes on to the profile.
  await page.goto('/consent');
  await expect(page).toHaveURL(/\/profile$/);
});
