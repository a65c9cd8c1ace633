import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

/**
 * The deployment files (issue 20 item 1): they parse, have the cluster's shape, and set or
 * interpolate only variables the README documents, so an operator can look each one up.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

type Doc = Record<string, unknown>;
function parse(file: string): Doc[] {
  // compose.yaml shares the app's settings through YAML merge keys (<<).
  return parseAllDocuments(read(file), { merge: true }).map((d) => {
    expect(d.errors, `${file}: ${d.errors.join('; ')}`).toEqual([]);
    return d.toJS() as Doc;
  });
}
const KUBE_DIR = 'deploy/kubernetes';
const kube = readdirSync(path.join(ROOT, KUBE_DIR))
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((f) => parse(`${KUBE_DIR}/${f}`));
const byKind = (kind: string) => kube.filter((d) => d.kind === kind);
const named = (kind: string, name: string) =>
  byKind(kind).find((d) => (d.metadata as { name: string }).name === name) as Doc;

/** Every `VARIABLE` named in the first column of a README table. */
function documented(): Set<string> {
  const names = new Set<string>();
  for (const line of read('README.md').split('\n')) {
    const first = /^\|([^|]+)\|/.exec(line)?.[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!);
  }
  return names;
}

interface Container {
  image: string;
  command?: string[];
  env?: { name: string; value?: string }[];
  envFrom?: ({ configMapRef?: { name: string } } & { secretRef?: { name: string } })[];
  readinessProbe?: { httpGet: { path: string } };
  livenessProbe?: { httpGet: { path: string } };
}
const podSpec = (d: Doc) =>
  (d.spec as { template: { spec: { containers: Container[]; securityContext?: Doc } } }).template
    .spec;

describe('the Kubernetes manifests', () => {
  it('run API and worker Deployments, a migration Job and autoscalers from one image', () => {
    const api = named('Deployment', 'parley-api');
    const worker = named('Deployment', 'parley-worker');
    const job = named('Job', 'parley-migrate');
    const images = [api, worker, job].map((d) => podSpec(d).containers[0]!.image);
    expect(new Set(images).size).toBe(1);
    expect(podSpec(api).containers[0]!.env).toContainEqual({ name: 'ROLE', value: 'api' });
    expect(podSpec(worker).containers[0]!.env).toContainEqual({ name: 'ROLE', value: 'worker' });
    expect(podSpec(job).containers[0]!.command).toEqual(['node', 'apps/server/dist/migrate.js']);
    expect(podSpec(api).containers[0]!.readinessProbe?.httpGet.path).toBe('/health/ready');
    expect(podSpec(api).containers[0]!.livenessProbe?.httpGet.path).toBe('/health/live');
    for (const d of [api, worker, job]) expect(podSpec(d).securityContext?.runAsNonRoot).toBe(true);

    const apiScaler = named('HorizontalPodAutoscaler', 'parley-api');
    expect(apiScaler.spec).toMatchObject({
      scaleTargetRef: { kind: 'Deployment', name: 'parley-api' },
      metrics: [{ type: 'Resource', resource: { name: 'cpu' } }],
    });
    const workerScaler = named('HorizontalPodAutoscaler', 'parley-worker');
    expect(workerScaler.spec).toMatchObject({
      scaleTargetRef: { kind: 'Deployment', name: 'parley-worker' },
      metrics: [{ type: 'External', external: { metric: { name: 'parley_queue_jobs' } } }],
    });
    // The metric the worker scaler reads is one the server exports.
    expect(read('apps/server/src/platform/observability/metrics.ts')).toContain(
      "name: 'parley_queue_jobs'",
    );
  });

  it('take secrets from a Secret and set only documented variables', () => {
    const known = documented();
    const secret = named('Secret', 'parley-secrets');
    const config = named('ConfigMap', 'parley-config');
    for (const key of ['APP_SECRET', 'DATABASE_URL'])
      expect(Object.keys(secret.stringData as Doc)).toContain(key);
    const set = [
      ...Object.keys(secret.stringData as Doc),
      ...Object.keys(config.data as Doc),
      ...[...byKind('Deployment'), ...byKind('Job')].flatMap((d) =>
        podSpec(d).containers.flatMap((c) => (c.env ?? []).map((e) => e.name)),
      ),
    ];
    expect(set.filter((name) => !known.has(name))).toEqual([]);
    // Every pod reads the shared ConfigMap and Secret.
    for (const d of [...byKind('Deployment'), ...byKind('Job')]) {
      const from = podSpec(d).containers[0]!.envFrom ?? [];
      expect(from).toContainEqual({ configMapRef: { name: 'parley-config' } });
      expect(from).toContainEqual({ secretRef: { name: 'parley-secrets' } });
    }
  });

  it('lists every manifest in the kustomization', () => {
    const [k] = parse(`${KUBE_DIR}/kustomization.yaml`);
    const files = readdirSync(path.join(ROOT, KUBE_DIR)).filter(
      (f) => f.endsWith('.yaml') && f !== 'kustomization.yaml',
    );
    expect([...(k!.resources as string[])].sort()).toEqual(files.sort());
  });
});

describe('compose.yaml', () => {
  const [compose] = parse('compose.yaml');
  const services = compose!.services as Record<string, Doc & { environment?: Doc }>;

  it('runs PostgreSQL, Redis, an S3 store, a proxy, two API processes and two workers', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api', 'migrate', 'postgres', 'proxy', 'redis', 's3', 'worker'].sort(),
    );
    expect(services.api!.environment!.ROLE).toBe('api');
    expect(services.worker!.environment!.ROLE).toBe('worker');
    expect(services.api!.deploy).toMatchObject({ replicas: 2 });
    expect(services.worker!.deploy).toMatchObject({ replicas: 2 });
    expect(services.api!.depends_on).toMatchObject({
      migrate: { condition: 'service_completed_successfully' },
    });
    expect(read('deploy/nginx.conf')).toMatch(/server api:8080;/);
  });

  it('passes the app only documented variables and interpolates only documented ones', () => {
    const known = documented();
    const appEnv = ['api', 'worker', 'migrate'].flatMap((s) =>
      Object.keys(services[s]!.environment ?? {}),
    );
    expect(appEnv.filter((name) => !known.has(name))).toEqual([]);
    const interpolated = [...read('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map(
      (m) => m[1]!,
    );
    expect(interpolated.length).toBeGreaterThan(0);
    expect([...new Set(interpolated)].filter((name) => !known.has(name))).toEqual([]);
  });
});

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('builds in stages on Debian slim and runs as a non-root user with a health check', () => {
    expect(dockerfile.match(/^FROM node:\d+-bookworm-slim/gm)?.length).toBe(2);
    expect(dockerfile).toMatch(/^USER parley$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
    for (const pkg of ['ffmpeg', 'pocketsphinx', 'espeak-ng', 'chromium'])
      expect(dockerfile).toContain(pkg);
    // Every ENV it sets is documented.
    const envBlock = /^ENV ([\s\S]*?)\n(?!\s)/m.exec(dockerfile)?.[1] ?? '';
    const names = [...envBlock.matchAll(/([A-Z][A-Z0-9_]+)=/g)].map((m) => m[1]!);
    expect(names).toContain('ROLE');
    expect(names.filter((name) => !documented().has(name))).toEqual([]);
  });
});
