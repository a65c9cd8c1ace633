import type { FastifyInstance } from 'fastify';
import { devRoutes } from '@parley/contracts';
import { notFound } from '../../platform/errors.js';
import { registerRoute } from '../../platform/http/route.js';
import type { Mailer } from '../../platform/mail.js';

/**
 * Registered only with DEV_OUTBOX=true, which config allows outside production on a loopback
 * HOST: the code a developer or a test needs, and anyone reaching the port could read.
 */
export function registerDevRoutes(app: FastifyInstance, mailer: Mailer): void {
  registerRoute(app, devRoutes.outbox, async ({ query }) => {
    const entry = mailer.latest(query.email);
    if (!entry) throw notFound(`No message has been sent to ${query.email}`);
    return {
      to: entry.to,
      subject: entry.subject,
      text: entry.text,
      code: entry.code ?? null,
      sentAt: entry.sentAt.toISOString(),
    };
  });
}
