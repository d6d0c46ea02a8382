/** What a sign-in answers with (spec §3 AuthData), whichever way the customer signed in. */
import type { AuthData } from '@storefront/contract';
import { toCustomer, type CustomerRow } from '../db/repositories/customers';

export function authData(customer: CustomerRow, token: string, extra: Partial<AuthData> = {}): AuthData {
  return { token, customer: toCustomer(customer), email_verification_token: null, ...extra };
}
