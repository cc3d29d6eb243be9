// POST /v1.0/users/{id | userPrincipalName}/sendMail: validates the message like Exchange does,
// enforces the sending limits, records what it accepted and answers 202 with no body.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphError } from './errors.js';
import { isJsonObject } from './json-values.js';
import { authenticateCaller, requirePermission } from './graph-caller.js';
import { acquireMailboxSlot, admitMessage } from './mail-limits.js';
import { SEND_MAIL } from './permissions.js';
import type { GraphSimulatorState, SentMessage } from './state.js';

type ParsedMessage = Omit<SentMessage, 'id' | 'tenantId' | 'from' | 'receivedAt'>;

const accessDenied = () => new GraphError(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');
const bodyRead = (message: string) => new GraphError(400, 'RequestBodyRead', message);
const unknownProperty = (name: string, typeName: string) =>
  bodyRead(
    `The property '${name}' does not exist on type '${typeName}'. Make sure to only use property names that are defined by the type or mark the type as open type.`,
  );

const SEND_MAIL_PROPERTIES = new Set(['message', 'saveToSentItems']);
const MESSAGE_PROPERTIES = new Set([
  '@odata.type', 'subject', 'body', 'toRecipients', 'ccRecipients', 'bccRecipients', 'replyTo', 'importance', 'internetMessageHeaders',
]);

export function registerSendMailRoute(app: FastifyInstance, state: GraphSimulatorState): void {
  // A concurrency slot is held until the reply has gone out (latency included), like a request in flight.
  const slotReleases = new WeakMap<FastifyRequest, () => void>();
  const release = async (request: FastifyRequest) => slotReleases.get(request)?.();
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);

  app.post('/v1.0/users/:id/sendMail', async (request, reply) => {
    const caller = authenticateCaller(state, request);
    requirePermission(caller, SEND_MAIL, accessDenied);
    const message = parseSendMail(request.body);
    const { id } = request.params as { id: string };
    const sender = caller.tenant.findUser(id);
    if (!sender) throw new GraphError(404, 'ErrorInvalidUser', `The requested user '${id}' is invalid.`);
    if (!sender.hasMailbox) {
      throw new GraphError(404, 'MailboxNotEnabledForRESTAPI', 'The mailbox is either inactive, soft-deleted, or is hosted on-premise.');
    }
    const attempt = {
      tenantId: caller.tenant.id,
      appId: caller.appId,
      mailboxId: sender.id,
      recipientCount: message.to.length + message.cc.length + message.bcc.length,
    };
    slotReleases.set(request, acquireMailboxSlot(state, attempt));
    admitMessage(state, attempt);
    state.sentMail.push({
      id: randomUUID(),
      tenantId: caller.tenant.id,
      from: sender.mail ?? sender.userPrincipalName,
      receivedAt: state.clock().toISOString(),
      ...message,
    });
    return reply.code(202).send();
  });
}

/** The sendMail body: `{"message":{subject, body:{contentType, content}, toRecipients, ...}, "saveToSentItems"}`. */
function parseSendMail(body: unknown): ParsedMessage {
  if (!isJsonObject(body)) throw bodyRead('Empty Payload. JSON content expected.');
  for (const key of Object.keys(body)) if (!SEND_MAIL_PROPERTIES.has(key)) throw unknownProperty(key, 'microsoft.graph.sendMail');
  const { message, saveToSentItems = false } = body;
  if (message === undefined || message === null) {
    throw new GraphError(400, 'ErrorInvalidParameter', "The value of the parameter 'Message' is empty.");
  }
  if (!isJsonObject(message)) throw bodyRead("Cannot convert a primitive value to the expected type 'microsoft.graph.message'.");
  if (typeof saveToSentItems !== 'boolean') {
    throw bodyRead(`Cannot convert the literal '${String(saveToSentItems)}' to the expected type 'Edm.Boolean'.`);
  }
  for (const key of Object.keys(message)) if (!MESSAGE_PROPERTIES.has(key)) throw unknownProperty(key, 'microsoft.graph.message');
  const { subject = '', body: messageBody = { contentType: 'Text', content: '' } } = message;
  if (typeof subject !== 'string') throw bodyRead("Cannot convert a non-string value to the expected type 'Edm.String'.");
  const { contentType, content } = parseItemBody(messageBody);
  const to = parseRecipients(message.toRecipients);
  const cc = parseRecipients(message.ccRecipients);
  const bcc = parseRecipients(message.bccRecipients);
  if (to.length + cc.length + bcc.length === 0) rejectRecipients("A message can't be sent because it contains no recipients.");
  return { to, cc, bcc, subject, contentType, content, saveToSentItems };
}

function parseItemBody(value: unknown): Pick<ParsedMessage, 'contentType' | 'content'> {
  if (!isJsonObject(value)) throw bodyRead("Cannot convert a primitive value to the expected type 'microsoft.graph.itemBody'.");
  for (const key of Object.keys(value)) if (key !== 'contentType' && key !== 'content') throw unknownProperty(key, 'microsoft.graph.itemBody');
  const { contentType = 'Text', content = '' } = value;
  if (typeof content !== 'string') throw bodyRead("Cannot convert a non-string value to the expected type 'Edm.String'.");
  const normalized = typeof contentType === 'string' ? contentType.toLowerCase() : '';
  if (normalized !== 'html' && normalized !== 'text') {
    throw bodyRead(`Cannot convert the literal '${String(contentType)}' to the expected type 'microsoft.graph.bodyType'.`);
  }
  return { contentType: normalized === 'html' ? 'HTML' : 'Text', content };
}

function parseRecipients(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw bodyRead("Cannot convert a primitive value to the expected type 'Collection(microsoft.graph.recipient)'.");
  return value.map((recipient) => {
    if (!isJsonObject(recipient)) throw bodyRead("Cannot convert a primitive value to the expected type 'microsoft.graph.recipient'.");
    const address = isJsonObject(recipient.emailAddress) ? recipient.emailAddress.address : undefined;
    if (typeof address !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      rejectRecipients(`Recipient '${typeof address === 'string' ? address : ''}' is not resolved. All recipients must be resolved before a message can be submitted.`);
    }
    return address;
  });
}

function rejectRecipients(detail: string): never {
  throw new GraphError(400, 'ErrorInvalidRecipients', `At least one recipient is not valid., ${detail}`);
}
