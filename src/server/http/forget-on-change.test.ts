import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { allow } from '../auth/index.js';
import { registerForgetOnChange } from './forget-on-change.js';

/** An app whose routes run as members of organization `t1` (or of none, `/public`), recording what it forgets. */
async function appForgetting() {
  const forgotten: (string | null)[] = [];
  const app = Fastify();
  app.decorateRequest('tenantAccess', null);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/public')) request.tenantAccess = { tenantId: 't1', role: 'owner' };
  });
  registerForgetOnChange(app, { forget: (tenantId) => void forgotten.push(tenantId) }, (request) => request.tenantAccess?.tenantId ?? null);
  app.get('/read', allow('viewer'), async () => ({ ok: true }));
  app.get('/verify', allow('viewer', { changesData: true }), async () => ({ ok: true }));
  app.put('/save', allow('admin'), async () => ({ ok: true }));
  app.post('/save', allow('admin'), async () => {
    throw new Error('failed halfway');
  });
  app.get('/public/callback', allow('public', { changesData: true }), async () => ({ ok: true }));
  app.post('/public/webhook', allow('public'), async () => ({ ok: true }));
  return { app, forgotten };
}

describe('registerForgetOnChange', () => {
  it('forgets the organization of every request that may change it, before it answers, and nothing for a plain read', async () => {
    const { app, forgotten } = await appForgetting();
    expect((await app.inject({ method: 'GET', url: '/read' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/read' })).statusCode).toBe(200);
    expect(forgotten).toEqual([]);
    await app.inject({ method: 'GET', url: '/verify' });
    await app.inject({ method: 'PUT', url: '/save' });
    // A change that failed may have committed part of its work: forgotten too.
    expect((await app.inject({ method: 'POST', url: '/save' })).statusCode).toBe(500);
    expect(forgotten).toEqual(['t1', 't1', 't1']);
  });

  it('forgets every organization for a change that names none', async () => {
    const { app, forgotten } = await appForgetting();
    await app.inject({ method: 'GET', url: '/public/callback' });
    await app.inject({ method: 'POST', url: '/public/webhook' });
    expect(forgotten).toEqual([null, null]);
  });
});
