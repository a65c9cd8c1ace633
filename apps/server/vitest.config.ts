import { defineConfig } from 'vitest/config';
import { serverProjects } from './vitest.projects.js';

export default defineConfig({ test: { projects: serverProjects() } });
