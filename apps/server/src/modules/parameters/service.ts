import {
  FRONTEND_PARAMETERS,
  KNOWN_PARAMETERS,
  KNOWN_PARAMETER_KEYS,
  THRESHOLD_KEYS,
  isKnownParameter,
  knownParameterProblem,
  type KnownParameter,
  type Parameter,
  type ParameterBody,
  type ParameterPatchBody,
  type Threshold,
  type ThresholdKey,
} from '@parley/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { ParametersRepo } from './repo.js';

type ParameterRow = NonNullable<Awaited<ReturnType<ParametersRepo['byId']>>>;
type ThresholdRow = NonNullable<Awaited<ReturnType<ParametersRepo['thresholdById']>>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const parameterOf = (row: ParameterRow): Parameter => ({
  id: row.id,
  key: row.key,
  value: row.value,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type ThresholdListRow = Awaited<ReturnType<ParametersRepo['thresholdPage']>>['rows'][number];

const thresholdOf = (row: ThresholdRow | ThresholdListRow, fallback: number): Threshold => ({
  ...row,
  effective: row.value ?? fallback,
  createdAt: row.createdAt?.toISOString() ?? null,
  updatedAt: row.updatedAt?.toISOString() ?? null,
});

function refuseBadKnownValue(key: string, value: string | undefined): void {
  if (value === undefined || !isKnownParameter(key)) return;
  const problem = knownParameterProblem(key, value);
  if (problem) throw badRequest(problem);
}

const isThresholdKey = (key: KnownParameter): key is ThresholdKey =>
  (THRESHOLD_KEYS as readonly string[]).includes(key);

/**
 * Parameters (platform-wide, super admin) and organisations' thresholds. `valueOf` is how the
 * rest of the server reads a known parameter: the organisation's threshold when it has one,
 * else the parameter row, else the environment default.
 */
export function createParametersService(deps: {
  repo: ParametersRepo;
  defaults: Record<KnownParameter, number>;
}) {
  const { repo, defaults } = deps;

  async function valuesOf<K extends KnownParameter>(
    keys: readonly K[],
    organizationId?: string,
  ): Promise<Record<K, number>> {
    const [rows, own] = await Promise.all([
      repo.byKeys([...keys]),
      organizationId ? repo.thresholdsOf(organizationId, keys.filter(isThresholdKey)) : [],
    ]);
    const values = {} as Record<K, number>;
    for (const key of keys) {
      const stored = rows.find((r) => r.key === key)?.value;
      const usable = stored !== undefined && knownParameterProblem(key, stored) === null;
      values[key] =
        own.find((t) => t.key === key)?.value ?? (usable ? Number(stored) : defaults[key]);
    }
    return values;
  }

  /** The parameter (or environment) value, what an organisation without its own reads. */
  const platformValue = async (key: KnownParameter) => (await valuesOf([key]))[key];

  async function threshold(id: string): Promise<Threshold> {
    const row = UUID.test(id) ? await repo.thresholdById(id) : null;
    if (!row) throw notFound('Threshold not found');
    return thresholdOf(row, row.value);
  }

  async function parameterRow(id: string): Promise<ParameterRow> {
    const row = UUID.test(id) ? await repo.byId(id) : null;
    if (!row) throw notFound('Parameter not found');
    return row;
  }

  return {
    /** One known parameter as it applies to the organisation (or platform-wide without one). */
    async valueOf(key: KnownParameter, organizationId?: string): Promise<number> {
      return (await valuesOf([key], organizationId))[key];
    },

    /** Rows for the known parameters that have none, holding the environment defaults. */
    seed: () =>
      repo.ensure(
        KNOWN_PARAMETER_KEYS.map((key) => ({
          key,
          value: String(defaults[key]),
          description: KNOWN_PARAMETERS[key].description,
        })),
      ),

    async page(query: { page: number; size: number; sort: string; search?: string }) {
      const [field, direction] = query.sort.split(':') as [
        'key' | 'createdAt' | 'updatedAt',
        'asc' | 'desc',
      ];
      const { rows, count } = await repo.page({ ...query, sort: { field, direction } });
      return { data: rows.map(parameterOf), count };
    },

    async create(body: Required<ParameterBody>): Promise<Parameter> {
      refuseBadKnownValue(body.key, body.value);
      const row = await repo.create(body);
      if (!row) throw conflict(`A parameter named ${body.key} already exists`);
      return parameterOf(row);
    },

    async update(id: string, patch: ParameterPatchBody): Promise<Parameter> {
      const current = await parameterRow(id);
      refuseBadKnownValue(current.key, patch.value);
      const row = await repo.update(id, patch);
      if (!row) throw notFound('Parameter not found');
      return parameterOf(row);
    },

    async remove(id: string) {
      const row = await parameterRow(id);
      await repo.remove(row.id);
      return { message: `Parameter ${row.key} deleted` };
    },

    frontend: (caller: Caller) => valuesOf(FRONTEND_PARAMETERS, caller.organizationId),
    thresholdValues: (caller: Caller) => valuesOf(THRESHOLD_KEYS, caller.organizationId),

    async thresholds(query: { key: ThresholdKey; page: number; size: number; search?: string }) {
      const [{ rows, count }, fallback] = await Promise.all([
        repo.thresholdPage(query),
        platformValue(query.key),
      ]);
      return { data: rows.map((r) => thresholdOf(r, fallback)), count };
    },

    async createThreshold(body: { organizationId: string; key: ThresholdKey; value: number }) {
      if (!(await repo.organizationExists(body.organizationId))) {
        throw notFound('Organization not found');
      }
      const created = await repo.createThreshold(body);
      if (!created) {
        throw conflict(`This organization already has ${body.key}; update it instead`);
      }
      return threshold(created.id);
    },

    async updateThreshold(id: string, value: number) {
      await threshold(id);
      await repo.updateThreshold(id, value);
      return threshold(id);
    },
  };
}
export type ParametersService = ReturnType<typeof createParametersService>;
