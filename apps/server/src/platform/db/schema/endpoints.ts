import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Permission } from '@parley/contracts';
import { createdAt, updatedAt } from './columns.js';

/**
 * The endpoint catalogue (spec 3 §3 Endpoint): one row per authenticated route, synced from the
 * route contracts at start (modules/endpoints). `permission` is what the route requires now;
 * it differs from `defaultPermission` (the contract's) when the super admin overrode it.
 */
export const endpoints = pgTable(
  'endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    permission: text('permission').$type<Permission>().notNull(),
    defaultPermission: text('default_permission').$type<Permission>().notNull(),
    summary: text('summary').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('endpoints_method_path_uq').on(t.method, t.path)],
);
