import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnexpectedResponseError } from '@/lib/api-client';
import { buildAuthUser, buildTenant } from '../../../test-support/factories';
import { fetchAuthUser } from './get-auth-user';

afterEach(() => vi.unstubAllGlobals());

const answer = (response: Response) => vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(response));

describe('fetchAuthUser', () => {
  it('answers the signed-in user, checked against the contract', async () => {
    const user = buildAuthUser({ tenants: [buildTenant()] });
    answer(Response.json(user));
    await expect(fetchAuthUser()).resolves.toEqual(user);
  });

  it('answers null for a signed-out visitor', async () => {
    answer(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(fetchAuthUser()).resolves.toBeNull();
  });

  it('fails on any other error', async () => {
    answer(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(fetchAuthUser()).rejects.toMatchObject({ name: 'ApiError', status: 500 });
  });

  it('refuses a user of another shape instead of signing it in', async () => {
    answer(Response.json({ ...buildAuthUser(), isAdmin: 'yes' }));
    await expect(fetchAuthUser()).rejects.toBeInstanceOf(UnexpectedResponseError);
  });
});
