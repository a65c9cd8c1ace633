// Enforces the import directions of ARCHITECTURE.md §2 by resolving each import's path:
// - web: a feature is used from outside only through its index.ts (a feature's one face);
//   app/ may also import() a page module directly, so each route stays its own chunk;
// - web: features never import app/; ui/, lib/ and the test kit (src/test) import neither
//   features nor app/, and lib/ (the bottom layer) does not import ui/;
// - server: a module is used from outside only through its index.ts (a module's one face),
//   by other modules, app.ts and main.ts alike; only the shared test kit (src/test) may reach
//   a module's internals;
// - server: platform/ imports no module, and neither platform/ nor a module imports app.ts or
//   main.ts (tests excepted: they build the app to drive it);
// - only tests import a test kit (src/test of web and server);
// - web and server share only @parley/contracts, and never import each other's files;
// - contracts imports none of our packages.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const rel = (p) => path.relative(root, p).split(path.sep).join('/');
const OUR_PACKAGES = /^@parley\/([^/]+)/;

// The web's layers under apps/web/src: app (routes, shell, pages combining features),
// features, and the generic ui, lib and test kit that know no feature.
const WEB_LAYERS = new Set(['app', 'ui', 'lib', 'test']);
// The server's layers under apps/server/src besides modules/: the platform and the test kit.
// The files at the top (app.ts, main.ts, config.ts) are its 'root' layer.
const SERVER_LAYERS = new Set(['platform', 'test']);

function area(file) {
  const r = rel(file);
  let m = r.match(/^apps\/web\/src\/features\/([^/]+)\/?(.*)$/);
  if (m) return { app: 'web', feature: m[1], rest: m[2] };
  m = r.match(/^apps\/web\/src\/([^/.]+)\//);
  if (m && WEB_LAYERS.has(m[1])) return { app: 'web', layer: m[1] };
  if (r.startsWith('apps/web/src/')) return { app: 'web', layer: 'root' };
  if (r.startsWith('apps/web/')) return { app: 'web' };
  m = r.match(/^apps\/server\/src\/modules\/([^/]+)\/?(.*)$/);
  if (m) return { app: 'server', module: m[1], rest: m[2] };
  m = r.match(/^apps\/server\/src\/([^/.]+)\//);
  if (m && SERVER_LAYERS.has(m[1])) return { app: 'server', layer: m[1] };
  m = r.match(/^apps\/server\/src\/([^/]+?)(\.[jt]s)?$/);
  if (m) return { app: 'server', layer: 'root', entry: m[1] };
  if (r.startsWith('apps/server/')) return { app: 'server' };
  m = r.match(/^packages\/([^/]+)\//);
  if (m) return { app: 'package', pkg: m[1] };
  return { app: 'other' };
}

/** A feature's or module's face: its folder or its index.ts. */
const isIndex = (rest) => /^(index(\.tsx?|\.js)?)?$/.test(rest);
const isTest = (file) => /\.test\.tsx?$/.test(file);
/** The entry points that compose everything; nothing they compose may import them. */
const COMPOSERS = new Set(['app', 'main']);

const allowedPackages = {
  web: ['contracts'],
  server: ['contracts', 'analysis', 'ai'],
  package: [],
};

export default {
  rules: {
    'import-direction': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename;
        const from = area(file);
        const test = isTest(file);
        function checkWeb(node, to, dynamic) {
          if (to.feature && to.feature !== from.feature && !isIndex(to.rest)) {
            // A lazy route loads one page module so that each page is its own chunk.
            if (!(dynamic && from.layer === 'app'))
              context.report({
                node,
                message: `feature '${to.feature}' is imported only through its index.ts`,
              });
          }
          if (from.feature && to.layer === 'app')
            context.report({ node, message: `feature '${from.feature}' may not import app/` });
          const generic = from.layer === 'ui' || from.layer === 'lib' || from.layer === 'test';
          if (generic && (to.feature || to.layer === 'app'))
            context.report({
              node,
              message: `${from.layer}/ may not import ${to.feature ? `feature '${to.feature}'` : 'app/'}`,
            });
          if (from.layer === 'lib' && to.layer === 'ui')
            context.report({ node, message: 'lib/ may not import ui/' });
        }
        function checkServer(node, to) {
          const otherModule = to.module && to.module !== from.module;
          if (otherModule && !isIndex(to.rest) && from.layer !== 'test')
            context.report({
              node,
              message: `module '${to.module}' is imported only through its index.ts`,
            });
          if (test) return;
          const composer = to.layer === 'root' && COMPOSERS.has(to.entry);
          if (from.layer === 'platform' && (to.module || composer))
            context.report({
              node,
              message: `platform/ may not import ${to.module ? `module '${to.module}'` : `${to.entry}.ts`}`,
            });
          if (from.module && composer)
            context.report({
              node,
              message: `module '${from.module}' may not import ${to.entry}.ts`,
            });
        }
        function check(node, source, dynamic = false) {
          if (typeof source !== 'string') return;
          const pkg = source.match(OUR_PACKAGES);
          if (pkg) {
            const allowed = allowedPackages[from.app] ?? ['contracts', 'analysis', 'ai'];
            if (!allowed.includes(pkg[1]))
              context.report({
                node,
                message: `${from.app} may not import @parley/${pkg[1]} (ARCHITECTURE §2)`,
              });
            return;
          }
          if (!source.startsWith('.')) return;
          const to = area(path.resolve(path.dirname(file), source));
          if (from.app !== 'other' && to.app !== from.app && to.app !== 'other')
            context.report({
              node,
              message: `import across apps/packages: use @parley/contracts instead`,
            });
          const inSource = from.feature || from.module || from.layer;
          if (
            inSource &&
            to.app === from.app &&
            to.layer === 'test' &&
            from.layer !== 'test' &&
            !test
          )
            context.report({ node, message: 'only tests import the test kit (src/test)' });
          // Web layering applies to the app's source (apps/web/src), not its build scripts.
          if ((from.feature || from.layer) && from.app === 'web' && to.app === 'web')
            checkWeb(node, to, dynamic);
          if (inSource && from.app === 'server' && to.app === 'server') checkServer(node, to);
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) =>
            node.source.type === 'Literal' && check(node, node.source.value, true),
        };
      },
    },
  },
};
