import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from './sign-out';

describe('signOut', () => {
  const assign = vi.fn<(url: string) => void>();

  beforeEach(() => {
    assign.mockReset();
    vi.stubGlobal('window', { location: { assign } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each(['/api/logout', '/api/auth/logout-everywhere'] as const)('POSTs %s, then goes where the server says', async (route) => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(Response.json({ redirectTo: 'https://idp.example/logout?post_logout_redirect_uri=x' }));
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
    await expect(signOut('/api/logout')).rejects.toThrow('403: {"message":"Cross-origin request refused"}');
    expect(assign).not.toHaveBeenCalled();
  });
});
