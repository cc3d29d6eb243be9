// Input crafted to break storage, display or outgoing calls answers 400 with a message saying
// what is wrong, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GRAPH_CREDENTIALS } from '../../simulators/graph/index.js';
import { billingMessages } from '../../shared/api/billing.js';
import { TEMPLATE_LIMITS, templateMessages } from '../../shared/api/template-bounds.js';
import { textMessages } from '../../shared/api/text-fields.js';
import { configurationMessages } from '../../shared/domain/validation-messages.js';
import { configurationFor, organizationOwner, saveConfiguration, startApiHarness, type ApiHarness, type Member } from '../test-support/api-harness.js';

let harness: ApiHarness;
let owner: Member;

beforeAll(async () => {
  harness = await startApiHarness();
  owner = await organizationOwner(harness);
});
afterAll(() => harness.close());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => harness.app.inject({ method, url, headers: owner.headers, payload });

function expect400(response: { statusCode: number; json(): { message: string } }, message: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe(message);
}

describe('names', () => {
  it.each([
    ['a right-to-left override', '\u202Egnp.exe'],
    ['a zero-width space', 'Con\u200Btoso'],
    ['a bidi isolate', 'Contoso\u2066'],
    ['a control character', 'Contoso\u0007Ltd'],
  ])('an organization name with %s answers 400', async (_, name) => {
    const response = await send('POST', '/api/tenants', { name, domain: 'fabrikam.com' });
    expect400(response, textMessages.unsafeName('Company name'));
    const names = (await send('GET', '/api/tenants')).json().map((tenant: { name: string }) => tenant.name);
    expect(names).not.toContain(name);
  });

  it('keeps names in any script, with accents and emoji', async () => {
    const response = await send('POST', '/api/tenants', { name: 'Ünïcödé 株式会社 🚀', domain: 'fabrikam.com' });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe('Ünïcödé 株式会社 🚀');
  });

  it.each([
    ['a NUL byte', { firstName: 'Ada\u0000', lastName: 'Lovelace', email: 'ada@example.com' }, textMessages.brokenText],
    ['a lone surrogate', { firstName: 'Ada', lastName: 'Love\uD800lace', email: 'ada@example.com' }, textMessages.brokenText],
    ['a left-to-right override', { firstName: 'Ada', lastName: '\u202DLovelace', email: 'ada@example.com' }, textMessages.unsafeName('Last name')],
  ])('a profile with %s answers 400 and keeps the profile', async (_, body, message) => {
    expect400(await send('PUT', '/api/auth/user', body), message);
    expect((await send('GET', '/api/auth/user')).json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });
});

describe('text anywhere', () => {
  it('a NUL byte in an organization name answers 400', async () => {
    expect400(await send('POST', '/api/tenants', { name: 'Contoso\u0000', domain: 'fabrikam.com' }), textMessages.brokenText);
  });

  it('a NUL byte in the users-table search answers 400', async () => {
    expect400(await send('GET', '/api/password-expirations?search=ada%00'), textMessages.brokenText);
  });

  it('a NUL byte in the user of a manual email answers 400', async () => {
    expect400(await send('POST', '/api/send-manual-email', { userId: 'abc\u0000' }), textMessages.brokenText);
  });

  it.each([
    ['a lone surrogate', '\uD83D'],
    ['a path', '../../v1/oauth2/token'],
  ])('a PayPal subscription id with %s answers 400 without calling PayPal', async (_, subscriptionId) => {
    expect400(await send('POST', '/api/paypal/activate-subscription', { subscriptionId }), billingMessages.subscriptionNotFound);
  });
});

describe('the configuration', () => {
  const save = (overrides: object) => send('PUT', '/api/configuration', { ...configurationFor(), ...overrides });

  it.each([
    ['a NUL byte in the template', { emailTemplate: '<p>Hello\u0000 {{userName}}</p>' }, textMessages.brokenText],
    ['a lone surrogate in the secret', { clientSecret: 'secret\uDC00' }, textMessages.brokenText],
    ['a group id that is no GUID', { includeGroups: ['finance'] }, configurationMessages.groupIdInvalid],
    ['a group id that walks the Graph path', { excludeGroups: ['../../users'] }, configurationMessages.groupIdInvalid],
  ])('%s answers 400 and saves nothing', async (_, overrides, message) => {
    expect400(await save(overrides), message);
    expect((await send('GET', '/api/configuration')).json().configured).toBe(false);
  });

  it.each([
    ['600 KB of nested tags', `<p>Hello ${'<x>'.repeat(200_000)}</p>`, templateMessages.tooLong],
    ['a tag more than allowed', `<p>Hello</p>${'<br>'.repeat(TEMPLATE_LIMITS.tags - 1)}`, templateMessages.tooManyTags],
    ['nesting one level too deep', `<p>${'<span>'.repeat(TEMPLATE_LIMITS.depth)}Hello${'</span>'.repeat(TEMPLATE_LIMITS.depth)}</p>`, templateMessages.tooDeep],
    ['unclosed tags that parsers keep open', `<p>Hello${'<em></b>'.repeat(TEMPLATE_LIMITS.depth)}`, templateMessages.tooDeep],
    ['a variable more than allowed', `<p>${'{{userName}}'.repeat(TEMPLATE_LIMITS.variables + 1)}</p>`, templateMessages.tooManyVariables],
  ])('a template with %s answers 400 before it is parsed', async (_, emailTemplate, message) => {
    expect400(await save({ emailTemplate }), message);
  });

  it('a template at the bounds is saved', async () => {
    const depth = TEMPLATE_LIMITS.depth - 1;
    const nested = `<p>${'<span>'.repeat(depth)}Hello ${'{{userName}}'.repeat(TEMPLATE_LIMITS.variables)}${'</span>'.repeat(depth)}</p>`;
    const emailTemplate = nested + '<p>x</p>'.repeat((TEMPLATE_LIMITS.tags - 2 * (depth + 1)) / 2);
    expect(emailTemplate.length).toBeLessThanOrEqual(TEMPLATE_LIMITS.length);
    expect((await save({ emailTemplate })).statusCode).toBe(200);
  });
});

describe('group ids on the way to Graph', () => {
  it('a preview with a malformed group id answers 400 and calls no Graph path made of it', async () => {
    await saveConfiguration(harness, owner, configurationFor(DEMO_GRAPH_CREDENTIALS));
    harness.graph.requests.length = 0;
    for (const groupId of ['..', '../../users', 'not-a-group', `${DEMO_GRAPH_CREDENTIALS.directoryId}/..`]) {
      expect400(await send('POST', '/api/preview-group-users', { includeGroups: [groupId] }), configurationMessages.groupIdInvalid);
    }
    expect(harness.graph.requests).toEqual([]);
  });
});
