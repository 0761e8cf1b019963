import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../src/api/queryClient';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
