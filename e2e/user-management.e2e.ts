import type { Page } from '@playwright/test';
import {
  codeFor,
  expect,
  expectAccessible,
  signIn,
  signInFromInvitation,
  test,
  toast,
} from './support';
import { deleteMeeting, setTheme } from './meeting-support';

const POC = 'poc@acme.parley.local';

test('the point of contact adds a group and a user; a custom role without meetings.manage takes meeting deletion away', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `nora-${stamp}@acme.example`;
  const group = `Closers ${stamp}`;
  const role = `Viewer ${stamp}`;
  await signIn(page, POC);

  // A group.
  await page.goto('/user-management?tab=groups');
  await page.getByRole('button', { name: 'New group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'New group' });
  await groupDialog.getByLabel('Group name').fill(group);
  await groupDialog.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByRole('table', { name: 'Groups' }).getByText(group)).toBeVisible();
  await expectAccessible(page, '/user-management, groups');

  // A user in it: they are e-mailed where to sign in.
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/user-management$/);
  await page.getByRole('button', { name: 'Add user' }).click();
  const userDialog = page.getByRole('dialog', { name: 'Add user' });
  await userDialog.getByLabel('First name').fill('Nora');
  await userDialog.getByLabel('Last name').fill('Tester');
  await userDialog.getByLabel('E-mail').fill(email);
  await userDialog.getByRole('checkbox', { name: group }).click();
  await userDialog.getByRole('button', { name: 'Add user' }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByText(email)).toBeVisible();
  await expect(users.getByText(group)).toBeVisible();
  await expectAccessible(page, '/user-management, users');

  // The user signs in from the e-mailed link and adds a meeting by its link.
  const { context, page: nora } = await signInFromInvitation(page, email);
  await nora.goto('/library');
  await nora.getByRole('button', { name: 'Meeting link' }).click();
  const add = nora.getByRole('dialog', { name: 'Add a meeting link' });
  await add.getByLabel('Meeting link').fill('https://zoom.us/j/123456789');
  await add.getByLabel('Meeting name').fill(`Pipeline ${stamp}`);
  await add.getByRole('button', { name: 'Save meeting' }).click();
  await expect(nora).toHaveURL(/\/library\/[0-9a-f-]{36}$/);
  const meetingId = nora.url().split('/').at(-1) ?? '';
  await expect(nora.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await expect(nora.getByRole('button', { name: 'Share' })).toBeVisible();
  await expectAccessible(nora, 'meeting page, a meeting link');

  // A custom role without meetings.manage, given to the user.
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('button', { name: 'New role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'New role' });
  await roleDialog.getByLabel('Role name').fill(role);
  await roleDialog.getByRole('checkbox', { name: /^meetings\.upload/ }).click();
  await roleDialog.getByRole('checkbox', { name: /^zai\.use/ }).click();
  await expect(roleDialog.getByRole('checkbox', { name: /^meetings\.manage/ })).not.toBeChecked();
  await expectAccessible(page, 'new role dialog');
  await roleDialog.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByRole('table', { name: 'Custom roles' }).getByText(role)).toBeVisible();
  await expectAccessible(page, '/user-management, roles');

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await page.getByRole('button', { name: 'Actions for Nora Tester' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Nora Tester' });
  await edit.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: new RegExp(role) }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'User updated')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByText(role)).toBeVisible();

  // The next request uses the new role: no Delete on the meeting, and the API refuses it.
  await nora.reload();
  await expect(nora.getByRole('heading', { name: new RegExp(`Pipeline ${stamp}`) })).toBeVisible();
  await expect(nora.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(nora.getByRole('button', { name: 'Share' })).toHaveCount(0);
  const requested = await nora.request.post('/api/v1/auth/request-signin', { data: { email } });
  expect(requested.ok()).toBeTruthy();
  const verified = await nora.request.post('/api/v1/auth/verify-signin', {
    data: { email, code: await codeFor(nora.request, email) },
  });
  const { accessToken } = (await verified.json()) as { accessToken: string };
  const refused = await nora.request.delete(`/api/v1/meeting/${meetingId}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(refused.status()).toBe(403);
  await context.close();

  // The point of contact sees the new colleague's activity in User Logs, with the chart.
  await page.goto('/user-logs');
  await page.getByPlaceholder('Search by name or e-mail').fill(email);
  const logs = page.getByRole('table', { name: 'User activity' });
  const noraRow = logs.getByRole('row').filter({ hasText: email });
  await expect(noraRow).toBeVisible();
  await expect(noraRow.getByRole('cell').nth(1)).not.toHaveText('0');
  await expect(
    page.getByTestId('activity-chart').getByRole('img', { name: /calls over/ }),
  ).toBeVisible();

  await screenshots(page);

  // Leave Acme as seeded for the journeys after this one: the meeting, the user, role, group.
  await deleteMeeting(page, `/library/${meetingId}`);
  await page.goto('/user-management');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await page.getByRole('button', { name: 'Actions for Nora Tester' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    toast(page, 'User deleted; their meetings stay with the organization'),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('button', { name: `Actions for ${role}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Role deleted')).toBeVisible();
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByRole('button', { name: `Actions for ${group}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Group deleted')).toBeVisible();
});

/** Screenshots of the three tabs and the two dialogs, light and dark, for review. */
async function screenshots(page: Page) {
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/user-management');
    await setTheme(page, theme);
    for (const tab of ['users', 'groups', 'roles'] as const) {
      await page.goto(tab === 'users' ? '/user-management' : `/user-management?tab=${tab}`);
      await expect(page.getByRole('tab', { selected: true })).toHaveText(
        tab.charAt(0).toUpperCase() + tab.slice(1),
      );
      await expect(page.getByRole('table').first()).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({
        path: `test-results/user-management-${tab}-${theme}.png`,
        fullPage: true,
      });
    }
    // The dialogs: a new user and a new role.
    await page.goto('/user-management');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('dialog', { name: 'Add user' }).waitFor();
    await page.screenshot({ path: `test-results/user-management-user-dialog-${theme}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/user-management?tab=roles');
    await page.getByRole('button', { name: 'New role' }).click();
    await page.getByRole('dialog', { name: 'New role' }).waitFor();
    await page.screenshot({ path: `test-results/user-management-role-dialog-${theme}.png` });
  }
}
