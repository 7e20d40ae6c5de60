/**
 * The public endpoints' declarations (issue 30): see lib/contract/endpoint.ts. Each export is one endpoint;
 * lib/contract/index.ts gathers them for /api/openapi.json.
 */
import { bankDetailsSavedSchema, cardholderSchema, cardSchema, unsubscribedSchema } from '@/lib/dto/public';
import { bankDetailsLinkSchema, qrQuerySchema } from '@/lib/validation/clients';
import { cardNumberParamSchema, cardTokenParamSchema, linkTokenParamSchema } from '@/lib/validation/params';
import { z } from '@/lib/validation/zod';
import { endpoint } from './endpoint';

export const openApi = endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  tag: 'Reference',
  summary: 'This API as an OpenAPI 3.1 document.',
  description: 'Generated from the same declarations the server checks its input and answers against.',
  response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
});

export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  tag: 'Operations',
  summary: 'Liveness: this instance answers requests.',
  description: 'Answers without touching the database, for load balancers and process managers.',
  response: z.object({ status: z.literal('ok') }),
});

const CARD_LOOKUP_LIMIT =
  'A card that is found is never counted; a lookup that finds nothing counts against the caller’s address, ' +
  'and once an address has had 30 of those in an hour its lookups are refused with 429.';
const NO_CARD_NUMBER = 'No referral reward card has that number.';

export const card = endpoint({
  method: 'GET',
  path: '/api/card/{cardToken}',
  access: 'public',
  tag: 'Cards',
  summary: "A reward card by its invite token or branded address: the cardholder's name and card number.",
  description:
    'The key the client’s card link carries (an invite token, or a branded address of a name and a key: the ' +
    'key alone decides). Nothing else about the client is answered, and a deleted client’s card is not ' +
    `found. ${CARD_LOOKUP_LIMIT}`,
  params: cardTokenParamSchema,
  response: cardSchema,
  notFoundMessage: 'Referral Reward Card Not Found',
  errors: { 429: 'Too many lookups that found nothing from this address: wait as Retry-After says.' },
});

export const cardholder = endpoint({
  method: 'GET',
  path: '/api/users/card/{cardNumber}',
  access: 'public',
  tag: 'Cards',
  summary: "The lead form's referrer lookup: the name on the card with this number.",
  description: `The number is SC-XXXX-XXXX-XXXX (any case). The cardholder's name only. ${CARD_LOOKUP_LIMIT}`,
  params: cardNumberParamSchema,
  response: cardholderSchema,
  errors: {
    404: NO_CARD_NUMBER,
    429: 'Too many lookups that found nothing from this address: wait as Retry-After says.',
  },
});

export const cardQr = endpoint({
  method: 'GET',
  path: '/api/users/card/{cardNumber}/qr',
  access: 'public',
  tag: 'Cards',
  summary: "The card's QR code: a PNG of the client's recommendation link.",
  description:
    `Made by this app, not an outside service; \`size\` is 200 (the default) or 300 pixels. Cacheable for an ` +
    `hour. ${CARD_LOOKUP_LIMIT}`,
  params: cardNumberParamSchema,
  query: qrQuerySchema,
  produces: 'png',
  errors: {
    404: NO_CARD_NUMBER,
    429: 'Too many lookups that found nothing from this address: wait as Retry-After says.',
  },
});

export const walletPass = endpoint({
  method: 'GET',
  path: '/api/users/card/{cardNumber}/pass',
  access: 'public',
  tag: 'Cards',
  summary: 'The card as an Apple Wallet pass ({cardNumber}.pkpass), signed with the clinic’s certificates.',
  description:
    'Holds the cardholder’s name and card number, their recommendation link, the reward amount, and the ' +
    `clinic's profile and logo. ${CARD_LOOKUP_LIMIT}`,
  params: cardNumberParamSchema,
  produces: 'pkpass',
  errors: {
    404: NO_CARD_NUMBER,
    429: 'Too many lookups that found nothing from this address: wait as Retry-After says.',
    503: 'Apple Wallet passes are not set up for this clinic yet (no pass certificates configured).',
  },
});

export const googleWallet = endpoint({
  method: 'GET',
  path: '/api/users/card/{cardNumber}/google-wallet',
  access: 'public',
  tag: 'Cards',
  summary: "'Save to Google Wallet': a redirect to the card's signed save link on pay.google.com.",
  description: `Location is the signed save link; open it in the browser. ${CARD_LOOKUP_LIMIT}`,
  params: cardNumberParamSchema,
  produces: 'redirect',
  status: 303,
  errors: {
    404: NO_CARD_NUMBER,
    429: 'Too many lookups that found nothing from this address: wait as Retry-After says.',
    503:
      'Google Wallet passes are not set up for this clinic yet (no issuer or service-account key ' +
      'configured).',
  },
});

export const submitBankDetails = endpoint({
  method: 'POST',
  path: '/api/bank-details/{token}',
  access: 'public',
  tag: 'Bank details',
  summary: "A client's bank details, sent through the one-time link the clinic emailed them.",
  description:
    'Send `accountName` (the account holder’s name), `sortCode` (00-00-00) and `accountNumber` (8 digits). ' +
    'The details are stored encrypted, recorded in the audit as entered by the client, and held until a full ' +
    'admin approves them. The link works once; it lasts 7 days, a newer request makes older links expire, and ' +
    'the clinic may withdraw it. Limited to 30 calls an hour per address.',
  params: linkTokenParamSchema,
  body: bankDetailsLinkSchema,
  response: bankDetailsSavedSchema,
  notFoundMessage: 'This link is not valid. Please check you opened the whole link from the email.',
  errors: {
    404: 'The link is not valid (or its client was deleted).',
    409: 'The link was already used (`state`: "used").',
    410: 'The link has expired, or the clinic withdrew its request (`state`: "expired" or "withdrawn").',
    429: 'Too many calls from this address: wait as Retry-After says.',
  },
});

export const unsubscribe = endpoint({
  method: 'POST',
  path: '/api/unsubscribe/{token}',
  access: 'public',
  tag: 'Unsubscribe',
  summary: 'Turn one kind of message off for the address in a signed unsubscribe link (RFC 8058 one-click).',
  description:
    'The address a message’s List-Unsubscribe header names: a mail provider’s one-click unsubscribe ' +
    '(`List-Unsubscribe=One-Click`, sent without cookies) and the unsubscribe page’s button. The body is not ' +
    'read: the signed token says which address and which kind of message. Doing it twice is harmless. ' +
    'Limited per caller’s address (120 an hour by default).',
  params: linkTokenParamSchema,
  response: unsubscribedSchema,
  notFoundMessage: 'This unsubscribe link is not valid.',
  errors: {
    404: 'This unsubscribe link is not valid (nothing is written).',
    429: 'Too many calls from this address: wait as Retry-After says.',
  },
});

export const unsubscribePage = endpoint({
  method: 'GET',
  path: '/api/unsubscribe/{token}',
  access: 'public',
  tag: 'Unsubscribe',
  summary:
    'A browser opening an unsubscribe link: a redirect to the page that shows what would stop and asks.',
  description:
    'Opening the link never unsubscribes (mail scanners open links): the page at /unsubscribe/{token} asks ' +
    'first, and its button POSTs here.',
  params: linkTokenParamSchema,
  produces: 'redirect',
  status: 303,
  notFoundMessage: 'This unsubscribe link is not valid.',
});
