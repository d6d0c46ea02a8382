/**
 * JSON Schemas shared by the routes: request fields with the spec §5 messages (`x-messages`, see
 * validation.ts) and the response shapes of docs/api-contract.md. The OpenAPI document is built from them.
 */
export { body, documentQuery, fields, guestCartItem, staffRole, type GuestCartItem, type RoutesPlugin } from './requests';
export { answer, orNull, replies, staffMemberReply } from './answers';
export { documentReply, errorSchema, reply, security, sendDocument, staffSecurity, type Answer, type ErrorAnswer } from './envelope';
