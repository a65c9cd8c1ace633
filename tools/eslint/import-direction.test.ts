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
      filename: at('apps/server/src/modules/auth/service.ts'),
      code: "import x from '../users/service.js';",
    },
    { filename: at('apps/server/src/modules/auth/service.ts'), code: "import x from './repo.js';" },
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
      filename: at('apps/server/src/modules/auth/service.ts'),
      code: "import x from '../users/repo.js';",
      errors: [{ message: "module 'auth' may not use module 'users' repo; call its service" }],
    },
    {
      filename: at('packages/contracts/src/index.ts'),
      code: "import x from '@parley/analysis';",
      errors: [{ message: 'package may not import @parley/analysis (ARCHITECTURE §2)' }],
    },
  ],
});
