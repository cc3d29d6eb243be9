import { MutationObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { DELETION_REDIRECT_DELAY_MS, deleteAccountMutationOptions } from './delete-account';

describe('account deletion', () => {
  // Where the browser was sent (window.location.href), if anywhere.
  const location = { href: '' };
  const navigatedTo = () => location.href;

  beforeEach(() => {
    vi.useFakeTimers();
    location.href = '';
    vi.stubGlobal('window', { location });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends DELETE /api/account with the typed confirmation, announces it, and goes to /api/auth/login after 2000 ms', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(Response.json({ message: 'Account Deleted' }));
    vi.stubGlobal('fetch', fetchMock);
    const onDeleted = vi.fn();

    await new MutationObserver(createQueryClient(), deleteAccountMutationOptions(onDeleted)).mutate();

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account');
    expect(init).toMatchObject({ method: 'DELETE', body: JSON.stringify({ confirmation: 'DELETE' }) });
    expect(onDeleted).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(DELETION_REDIRECT_DELAY_MS - 1);
    expect(navigatedTo()).toBe('');
    vi.advanceTimersByTime(1);
    expect(navigatedTo()).toBe('/api/auth/login');
    expect(DELETION_REDIRECT_DELAY_MS).toBe(2000);
  });

  it('stays put when the deletion fails', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response('{"message":"Database unavailable"}', { status: 500 })));
    const onDeleted = vi.fn();

    await expect(new MutationObserver(createQueryClient(), deleteAccountMutationOptions(onDeleted)).mutate()).rejects.toMatchObject({
      name: 'ApiError',
      status: 500,
    });

    vi.advanceTimersByTime(10 * DELETION_REDIRECT_DELAY_MS);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(navigatedTo()).toBe('');
  });
});
