/**
 * Every declared endpoint, by area (issue 30). Screens import an area's module (lib/contract/clients.ts); this
 * index is for what needs them all: the OpenAPI document and the tests that hold every route file to a
 * declaration.
 */
import type { EndpointSpec } from './endpoint';
import * as account from './account';
import * as auth from './auth';
import * as backups from './backups';
import * as clients from './clients';
import * as dentally from './dentally';
import * as imports from './imports';
import * as integrations from './integrations';
import * as invites from './invites';
import * as leads from './leads';
import * as messages from './messages';
import * as operations from './operations';
import * as passkeys from './passkeys';
import * as passwordReset from './password-reset';
import * as payments from './payments';
import * as practice from './practice';
import * as practiceRecords from './practice-records';
import * as publicPages from './public';
import * as referrals from './referrals';
import * as secondFactor from './second-factor';
import * as settings from './settings';
import * as team from './team';

const AREAS: Record<string, Record<string, unknown>> = {
  account,
  auth,
  backups,
  clients,
  dentally,
  imports,
  integrations,
  invites,
  leads,
  messages,
  operations,
  passkeys,
  passwordReset,
  payments,
  practice,
  practiceRecords,
  public: publicPages,
  referrals,
  secondFactor,
  settings,
  team,
};

function isEndpoint(value: unknown): value is EndpointSpec {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as EndpointSpec).method === 'string' &&
    typeof (value as EndpointSpec).path === 'string' &&
    typeof (value as EndpointSpec).access === 'string'
  );
}

export interface NamedEndpoint {
  /** 'clients.list': the area's module and the export's name, also the OpenAPI operationId. */
  name: string;
  endpoint: EndpointSpec;
}

/** Every declaration, in a stable order (by path, then method). */
export function allEndpoints(): NamedEndpoint[] {
  const found: NamedEndpoint[] = [];
  for (const [area, exports] of Object.entries(AREAS)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isEndpoint(value)) found.push({ name: `${area}.${name}`, endpoint: value });
    }
  }
  return found.sort(
    (a, b) =>
      a.endpoint.path.localeCompare(b.endpoint.path) || a.endpoint.method.localeCompare(b.endpoint.method),
  );
}
