// Enforces the import directions of ARCHITECTURE.md §2 by resolving each import's path:
// - web: a feature is used from outside only through its index.ts (a feature's one face);
//   app/ may also import() a page module directly, so each route stays its own chunk;
// - web: features never import app/; ui/, lib/ and the test kit (src/test) import neither
//   features nor app/;
// - web and server share only @parley/contracts, and never import each other's files;
// - contracts imports none of our packages;
// - a server module never reaches into another module's repo (it calls that module's service).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const rel = (p) => path.relative(root, p).split(path.sep).join('/');
const OUR_PACKAGES = /^@parley\/([^/]+)/;

// The web's layers under apps/web/src: app (routes, shell, pages combining features),
// features, and the generic ui, lib and test kit that know no feature.
const WEB_LAYERS = new Set(['app', 'ui', 'lib', 'test']);

function area(file) {
  const r = rel(file);
  let m = r.match(/^apps\/web\/src\/features\/([^/]+)\/?(.*)$/);
  if (m) return { app: 'web', feature: m[1], rest: m[2] };
  m = r.match(/^apps\/web\/src\/([^/.]+)\//);
  if (m && WEB_LAYERS.has(m[1])) return { app: 'web', layer: m[1] };
  if (r.startsWith('apps/web/src/')) return { app: 'web', layer: 'root' };
  if (r.startsWith('apps/web/')) return { app: 'web' };
  m = r.match(/^apps\/server\/src\/modules\/([^/]+)\/(.*)$/);
  if (m) return { app: 'server', module: m[1], rest: m[2] };
  if (r.startsWith('apps/server/')) return { app: 'server' };
  m = r.match(/^packages\/([^/]+)\//);
  if (m) return { app: 'package', pkg: m[1] };
  return { app: 'other' };
}

/** The feature's face: its folder or its index.ts. */
const isIndex = (rest) => /^(index(\.tsx?|\.js)?)?$/.test(rest);

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
          // Web layering applies to the app's source (apps/web/src), not its build scripts.
          if ((from.feature || from.layer) && to.app === 'web') checkWeb(node, to, dynamic);
          if (from.module && to.module && from.module !== to.module && /^repo(\.|\/)/.test(to.rest))
            context.report({
              node,
              message: `module '${from.module}' may not use module '${to.module}' repo; call its service`,
            });
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
