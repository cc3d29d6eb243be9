import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from './sign-out';

describe('signOut', () => {
  const assign = vi.fn<(url: string) => void>();

  beforeEach(() => {
    assign.mockReset();
    vi.stubGlobal('window', { location: { assign } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['/api/logout', {}],
    ['/api/auth/logout-everywhere', { endedSessions: 3 }],
  ] as const)('POSTs %s, then goes where the server says', async (route, extra) => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(Response.json({ redirectTo: 'https://idp.example/logout?post_logout_redirect_uri=x', ...extra }));
    vi.stubGlobal('fetch', fetchMock);

    await signOut(route);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(route);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('https://idp.example/logout?post_logout_redirect_uri=x');
  });

  it('stays on the page when the server refuses', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(Response.json({ message: 'Cross-origin request refused' }, { status: 403 })));
    await expect(signOut('/api/logout')).rejects.toMatchObject({ name: 'ApiError', status: 403, body: { message: 'Cross-origin request refused' } });
    expect(assign).not.toHaveBeenCalled();
  });

  it('stays on the page when the answer is not the contract', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(Response.json({ redirectTo: 'https://idp.example/logout' })));
    await expect(signOut('/api/auth/logout-everywhere')).rejects.toMatchObject({ name: 'UnexpectedResponseError' });
    expect(assign).not.toHaveBeenCalled();
  });
});
