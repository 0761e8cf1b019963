import { messages } from '@compass/shared';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser';
import { ConnectionGate } from './ConnectionGate';

afterEach(() => {
  vi.useRealTimers();
});

describe('ConnectionGate', () => {
  it('renders the application while online', () => {
    render(
      <ConnectionGate>
        <p>App</p>
      </ConnectionGate>,
    );
    expect(screen.getByText('App')).toBeInTheDocument();
  });

  it('shows the offline page when the browser goes offline, and reloads 2 s after it returns', () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    render(
      <ConnectionGate>
        <p>App</p>
      </ConnectionGate>,
    );
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('heading', { name: messages.offline.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Connection' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(screen.getByText(/checked automatically every 30 seconds/)).toBeInTheDocument();
    expect(screen.queryByText('App')).not.toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText(/Connection restored/)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checks the connection every 30 seconds while offline', async () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <ConnectionGate>
        <p>App</p>
      </ConnectionGate>,
    );
    expect(screen.getByRole('heading', { name: messages.offline.title })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual(['/api/health', expect.objectContaining({ cache: 'no-store' })]);
    expect(screen.getByText(/no connection/)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reloads 2 s after Check Connection finds the server reachable', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    render(
      <ConnectionGate>
        <p>App</p>
      </ConnectionGate>,
    );
    vi.useFakeTimers();
    await act(async () => {
      screen.getByRole('button', { name: 'Check Connection' }).click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText(/Connection restored/)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
