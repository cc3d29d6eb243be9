// POST /v1.0/users/{id | userPrincipalName}/sendMail, in either of Graph's two formats: JSON
// (`application/json`, one body) or MIME (`text/plain`, the whole RFC 5322 message base64-encoded,
// so it can carry a text and an HTML part). Validates the message like Exchange does, enforces the
// sending limits, records what it accepted and answers 202 with no body.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SimUser } from './directory.js';
import { GraphError } from './errors.js';
import { singleHeader } from './graph-http.js';
import { isJsonObject } from './json-values.js';
import { authenticateCaller, requirePermission } from './graph-caller.js';
import { acquireMailboxSlot, admitMessage } from './mail-limits.js';
import { decodeBase64Body, MimeFormatError, parseMimeMessage, type ParsedMimeMessage } from './mime-parser.js';
import { SEND_MAIL } from './permissions.js';
import type { GraphSimulatorState, SendMailRefusal, SentMessage } from './state.js';

type ParsedMessage = Omit<SentMessage, 'id' | 'tenantId' | 'from' | 'receivedAt'>;

interface SendMailRequest {
  message: ParsedMessage;
  /** The MIME message's From header; null when absent (Exchange then sends as the mailbox). */
  fromHeader: string | null;
}

const accessDenied = () => new GraphError(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');
const bodyRead = (message: string) => new GraphError(400, 'RequestBodyRead', message);
const unknownProperty = (name: string, typeName: string) =>
  bodyRead(
    `The property '${name}' does not exist on type '${typeName}'. Make sure to only use property names that are ` +
      `defined by the type or mark the type as open type.`,
  );

const SEND_MAIL_PROPERTIES = new Set(['message', 'saveToSentItems']);
const MESSAGE_PROPERTIES = new Set([
  '@odata.type',
  'subject',
  'body',
  'toRecipients',
  'ccRecipients',
  'bccRecipients',
  'replyTo',
  'importance',
  'internetMessageHeaders',
]);

export function registerSendMailRoute(app: FastifyInstance, state: GraphSimulatorState): void {
  app.post('/v1.0/users/:id/sendMail', async (request, reply) => {
    const caller = authenticateCaller(state, request);
    requirePermission(caller, SEND_MAIL, accessDenied);
    const { message, fromHeader } = isMimeRequest(request) ? parseMimeSendMail(request.body) : { message: parseSendMail(request.body), fromHeader: null };
    const { id } = request.params as { id: string };
    const sender = caller.tenant.findUser(id);
    if (!sender) throw new GraphError(404, 'ErrorInvalidUser', `The requested user '${id}' is invalid.`);
    if (!sender.hasMailbox) {
      throw new GraphError(404, 'MailboxNotEnabledForRESTAPI', 'The mailbox is either inactive, soft-deleted, or is hosted on-premise.');
    }
    if (fromHeader !== null) requireOwnAddress(sender, fromHeader);
    if (state.faults.sendMailRefusal !== null) throw mailboxRefusal(state.faults.sendMailRefusal);
    const attempt = {
      tenantId: caller.tenant.id,
      appId: caller.appId,
      mailboxId: sender.id,
      recipientCount: message.to.length + message.cc.length + message.bcc.length,
    };
    // A concurrency slot is held until the reply has gone out (latency included), like a request in
    // flight, and no longer: the response's close event comes whether the reply was delivered or the
    // client hung up during the simulated latency (when neither onResponse nor onRequestAbort runs).
    const release = acquireMailboxSlot(state, attempt);
    reply.raw.once('close', release);
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

/** No send-as rights exist in the simulator: a MIME From other than the mailbox's own address is refused. */
function requireOwnAddress(sender: SimUser, fromHeader: string): void {
  const own = [sender.mail, sender.userPrincipalName].some((address) => address?.toLowerCase() === fromHeader.toLowerCase());
  if (!own) throw sendAsDenied();
}

const sendAsDenied = () =>
  new GraphError(
    403,
    'ErrorSendAsDenied',
    'The user account which was used to submit this request does not have the right to send mail on behalf of the ' + 'specified sending account.',
  );

/** The fault switch's refusal, with the status and text Exchange's own answers carry. */
function mailboxRefusal(code: SendMailRefusal): GraphError {
  switch (code) {
    case 'ErrorQuotaExceeded':
      return new GraphError(403, code, 'Mailbox has exceeded maximum mailbox size.');
    case 'ErrorSendAsDenied':
      return sendAsDenied();
    case 'ErrorMessageSubmissionBlocked':
      return new GraphError(403, code, 'Cannot submit message. The sender is blocked from sending messages.');
  }
}

/** Graph reads the body as MIME when the request says `Content-Type: text/plain`. */
function isMimeRequest(request: FastifyRequest): boolean {
  return /^\s*text\/plain\s*(;|$)/i.test(singleHeader(request, 'content-type') ?? '');
}

/**
 * The MIME form. There is no saveToSentItems parameter here: Exchange keeps a copy in Sent Items.
 * The HTML part is the message body Exchange stores; the text part is kept beside it.
 */
function parseMimeSendMail(body: unknown): SendMailRequest {
  const bytes = typeof body === 'string' ? decodeBase64Body(body) : null;
  if (!bytes) throw new GraphError(400, 'ErrorMimeContentInvalidBase64String', 'Invalid base64 string for MIME content.');
  const mime = readMime(bytes);
  const recipients = { to: mime.to.map(resolvedAddress), cc: mime.cc.map(resolvedAddress), bcc: mime.bcc.map(resolvedAddress) };
  requireRecipients(recipients);
  return {
    message: {
      ...recipients,
      subject: mime.subject,
      contentType: mime.html === null ? 'Text' : 'HTML',
      content: mime.html ?? mime.text ?? '',
      textContent: mime.text,
      saveToSentItems: true,
    },
    fromHeader: mime.from,
  };
}

function readMime(bytes: Buffer): ParsedMimeMessage {
  try {
    return parseMimeMessage(bytes);
  } catch (error) {
    if (error instanceof MimeFormatError) throw new GraphError(400, 'ErrorMimeContentInvalid', 'Invalid MIME content.');
    throw error;
  }
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
  const recipients = { to: parseRecipients(message.toRecipients), cc: parseRecipients(message.ccRecipients), bcc: parseRecipients(message.bccRecipients) };
  requireRecipients(recipients);
  return { ...recipients, subject, contentType, content, textContent: null, saveToSentItems };
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
    return resolvedAddress(typeof address === 'string' ? address : '');
  });
}

/** Exchange resolves every recipient before submitting; an address that is not one is refused. */
function resolvedAddress(address: string): string {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
    rejectRecipients(`Recipient '${address}' is not resolved. All recipients must be resolved before a message can be submitted.`);
  }
  return address;
}

function requireRecipients({ to, cc, bcc }: Pick<ParsedMessage, 'to' | 'cc' | 'bcc'>): void {
  if (to.length + cc.length + bcc.length === 0) rejectRecipients("A message can't be sent because it contains no recipients.");
}

function rejectRecipients(detail: string): never {
  throw new GraphError(400, 'ErrorInvalidRecipients', `At least one recipient is not valid., ${detail}`);
}
