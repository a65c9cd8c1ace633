import type { MediaLinks } from '../../platform/media/links.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { MeetingsService } from '../meetings/index.js';
import { createDealsService } from './deals-service.js';
import type { SalesRepo } from './repo.js';
import { createViewService } from './view-service.js';
import { createWarningsService } from './warnings-service.js';

export { matchDeal } from './deals-service.js';
export { WARNINGS_BATCH } from './warnings-service.js';

export interface SalesDeps {
  repo: SalesRepo;
  meetings: MeetingsService;
  links: MediaLinks;
  queue: JobQueue;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How often the worker asks for the daily warnings pass. */
  warningsCheckSeconds: number;
}

/**
 * The sales module's service (issue 16): accounts, deals and contacts
 * (deals-service.ts), the /accounts view's reads (view-service.ts) and the background
 * computations, deal warnings and call signals (warnings-service.ts).
 */
export function createSalesService(deps: SalesDeps) {
  const background = createWarningsService(deps);
  const { warnLater, ...jobs } = background;
  return {
    ...createDealsService(deps, warnLater),
    ...createViewService(deps),
    ...jobs,
  };
}
export type SalesService = ReturnType<typeof createSalesService>;
