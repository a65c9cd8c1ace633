import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import plugin from './import-direction.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(import.meta.dirname, '../..');
const at = (p: string) => path.join(root, p);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('import-direction', plugin.rules['import-direction'], {
  valid: [
    {
      filename: at('apps/web/src/features/auth/SignIn.tsx'),
      code: "import { x } from '../../ui/index.js';",
    },
    {
      filename: at('apps/web/src/features/auth/SignIn.tsx'),
      code: "import { x } from './verify.js';",
    },
    {
      filename: at('apps/web/src/features/auth/SignIn.tsx'),
      code: "import { x } from '../consent/index.js';",
    },
    {
      filename: at('apps/web/src/features/auth/SignIn.tsx'),
      code: "import { x } from '../consent';",
    },
    {
      filename: at('apps/web/src/app/pages/MeetingPage.tsx'),
      code: "import { x } from '../../features/transcripts/index.js';",
    },
    {
      // A lazy route loads one page module (its own chunk).
      filename: at('apps/web/src/app/routes.tsx'),
      code: "const load = () => import('../features/auth/SignIn.js');",
    },
    {
      filename: at('apps/web/src/features/transcripts/TranscriptTab.tsx'),
      code: "import { x } from '../../lib/api.js'; import { y } from '../../ui/index.js';",
    },
    {
      filename: at('apps/web/src/lib/api.ts'),
      code: "import { authRoutes } from '@parley/contracts';",
    },
    {
      filename: at('apps/web/src/ui/DataTable.tsx'),
      code: "import { x } from '../lib/table-state.js';",
    },
    {
      filename: at('apps/web/src/ui/DataTable.test.tsx'),
      code: "import { x } from '../test/render.js';",
    },
    // A server module's face: its index.ts or its folder, from modules, app.ts and main.ts.
    {
      filename: at('apps/server/src/modules/auth/service.ts'),
      code: "import { UsersService } from '../users/index.js';",
    },
    {
      filename: at('apps/server/src/modules/auth/service.ts'),
      code: "import { UsersService } from '../users';",
    },
    { filename: at('apps/server/src/modules/auth/service.ts'), code: "import x from './repo.js';" },
    {
      filename: at('apps/server/src/app.ts'),
      code: "import { createUsersModule } from './modules/users/index.js';",
    },
    {
      filename: at('apps/server/src/main.ts'),
      code: "import { seed } from './modules/seed/index.js';",
    },
    {
      // The shared test kit may reach a module's internals to set up data.
      filename: at('apps/server/src/test/transcripts-kit.ts'),
      code: "import { createTranscriptsRepo } from '../modules/transcripts/repo.js';",
    },
    {
      filename: at('apps/server/src/modules/auth/signin.test.ts'),
      code: "import { createTestContext } from '../../test/context.js';",
    },
    {
      // Tests build the app to drive it, platform tests included.
      filename: at('apps/server/src/platform/realtime/realtime.test.ts'),
      code: "import { buildApp } from '../../app.js';",
    },
    {
      filename: at('apps/server/src/platform/realtime/index.ts'),
      code: "import { Caller } from '../http/caller.js';",
    },
  ],
  invalid: [
    {
      filename: at('apps/web/src/features/auth/SignIn.tsx'),
      code: "import x from '../consent/ConsentPage.js';",
      errors: [{ message: "feature 'consent' is imported only through its index.ts" }],
    },
    {
      // Only app/ may reach a page module, and only lazily.
      filename: at('apps/web/src/features/auth/SignIn.tsx'),
      code: "const load = () => import('../consent/ConsentPage.js');",
      errors: [{ message: "feature 'consent' is imported only through its index.ts" }],
    },
    {
      filename: at('apps/web/src/app/pages/MeetingPage.tsx'),
      code: "import { x } from '../../features/transcripts/TranscriptTab.js';",
      errors: [{ message: "feature 'transcripts' is imported only through its index.ts" }],
    },
    {
      filename: at('apps/web/src/features/meetings/MeetingHeader.tsx'),
      code: "import { x } from '../../app/pages/LibraryPage.js';",
      errors: [{ message: "feature 'meetings' may not import app/" }],
    },
    {
      filename: at('apps/web/src/ui/DataTable.tsx'),
      code: "import { x } from '../features/meetings/index.js';",
      errors: [{ message: "ui/ may not import feature 'meetings'" }],
    },
    {
      filename: at('apps/web/src/lib/table-state.ts'),
      code: "import { x } from '../features/meetings/model.js';",
      errors: [
        { message: "feature 'meetings' is imported only through its index.ts" },
        { message: "lib/ may not import feature 'meetings'" },
      ],
    },
    {
      filename: at('apps/web/src/lib/realtime.ts'),
      code: "import { x } from '../app/routes.js';",
      errors: [{ message: 'lib/ may not import app/' }],
    },
    {
      filename: at('apps/web/src/test/render.tsx'),
      code: "import { x } from '../features/meetings';",
      errors: [{ message: "test/ may not import feature 'meetings'" }],
    },
    {
      filename: at('apps/web/src/lib/api.ts'),
      code: "import x from '@parley/server';",
      errors: [{ message: 'web may not import @parley/server (ARCHITECTURE §2)' }],
    },
    {
      filename: at('apps/web/src/lib/api.ts'),
      code: "import x from '../../../server/src/app.js';",
      errors: [{ message: 'import across apps/packages: use @parley/contracts instead' }],
    },
    {
      filename: at('apps/web/src/lib/table-state.ts'),
      code: "import { x } from '../ui/DataTable.js';",
      errors: [{ message: 'lib/ may not import ui/' }],
    },
    {
      filename: at('apps/web/src/features/auth/SignIn.tsx'),
      code: "import { x } from '../../test/render.js';",
      errors: [{ message: 'only tests import the test kit (src/test)' }],
    },
    {
      filename: at('apps/server/src/modules/auth/service.ts'),
      code: "import x from '../users/repo.js';",
      errors: [{ message: "module 'users' is imported only through its index.ts" }],
    },
    {
      filename: at('apps/server/src/modules/highlights/service.ts'),
      code: "import { seesWholeOrganisation } from '../meetings/visibility.js';",
      errors: [{ message: "module 'meetings' is imported only through its index.ts" }],
    },
    {
      // A module's tests use other modules through their faces too.
      filename: at('apps/server/src/modules/billing/credit-routes.test.ts'),
      code: "import { searchTextOf } from '../meetings/view.js';",
      errors: [{ message: "module 'meetings' is imported only through its index.ts" }],
    },
    {
      filename: at('apps/server/src/app.ts'),
      code: "import { createUsersService } from './modules/users/service.js';",
      errors: [{ message: "module 'users' is imported only through its index.ts" }],
    },
    {
      filename: at('apps/server/src/main.ts'),
      code: "import { seed } from './modules/seed/seed.js';",
      errors: [{ message: "module 'seed' is imported only through its index.ts" }],
    },
    {
      filename: at('apps/server/src/platform/realtime/index.ts'),
      code: "import { MeetingsService } from '../../modules/meetings/index.js';",
      errors: [{ message: "platform/ may not import module 'meetings'" }],
    },
    {
      filename: at('apps/server/src/platform/http/web.ts'),
      code: "import { buildApp } from '../../app.js';",
      errors: [{ message: 'platform/ may not import app.ts' }],
    },
    {
      filename: at('apps/server/src/modules/users/service.ts'),
      code: "import { buildApp } from '../../app.js';",
      errors: [{ message: "module 'users' may not import app.ts" }],
    },
    {
      filename: at('apps/server/src/modules/users/service.ts'),
      code: "import { createTestContext } from '../../test/context.js';",
      errors: [{ message: 'only tests import the test kit (src/test)' }],
    },
    {
      filename: at('packages/contracts/src/index.ts'),
      code: "import x from '@parley/analysis';",
      errors: [{ message: 'package may not import @parley/analysis (ARCHITECTURE §2)' }],
    },
  ],
});
