// Enforces the import directions of ARCHITECTURE.md §2 by resolving each import's path:
// - a web feature never imports another web feature;
// - web and server share only @parley/contracts, and never import each other's files;
// - contracts imports none of our packages;
// - a server module never reaches into another module's repo (it calls that module's service).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const rel = (p) => path.relative(root, p).split(path.sep).join('/');
const OUR_PACKAGES = /^@parley\/([^/]+)/;

function area(file) {
  const r = rel(file);
  let m = r.match(/^apps\/web\/src\/features\/([^/]+)\//);
  if (m) return { app: 'web', feature: m[1] };
  if (r.startsWith('apps/web/')) return { app: 'web' };
  m = r.match(/^apps\/server\/src\/modules\/([^/]+)\/(.*)$/);
  if (m) return { app: 'server', module: m[1], rest: m[2] };
  if (r.startsWith('apps/server/')) return { app: 'server' };
  m = r.match(/^packages\/([^/]+)\//);
  if (m) return { app: 'package', pkg: m[1] };
  return { app: 'other' };
}

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
        function check(node, source) {
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
          if (from.feature && to.feature && from.feature !== to.feature)
            context.report({
              node,
              message: `feature '${from.feature}' may not import feature '${to.feature}'`,
            });
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
            node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
