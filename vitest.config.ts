import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One runner for every level; each level is a project (see docs/architecture.md, "Tests").
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the files mostly wait on PostgreSQL and Chromium,
    // so two keep both cores busy (each server file has its own database; e2e files still run one at a
    // time, after the other projects: npm test runs them in a process of their own beside the others).
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'shared', environment: 'node', include: ['shared/src/**/*.test.ts'] },
      },
      {
        test: { name: 'tools', environment: 'node', include: ['scripts/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
