/**
 * `@storefront/shared`: the one copy (a Module Federation singleton) of what every section shares —
 * the API client and typed calls, the session stores, validation, formatting, notifications and UI
 * primitives. Only what is exported here is public.
 */
export type { Api, CallOptions, Call } from './api/Api';
export type * from './api/types';
export { createApiClient, type ApiClient, type ApiClientOptions, type RequestOptions } from './api/client';
export { createApi } from './api/createApi';
export { AnswerRecorder, ServerAnswers, requestKey, type AnswerSink, type AnswerSource } from './api/answers';
export { productFilterForm } from './api/catalog';
export { ApiError, messageOf, messagesOf, fieldErrorsOf, toMessages } from './api/errors';
export { answered, checkAnswer, dataOf, withCheckedAnswers } from './api/checked';
export * from './config';
export type { PageLoader, PageLocation, PageModule } from './pageData';
export { PageNotFoundError, isPageNotFound } from './pageData';
export {
  DocumentMetaContext,
  pageTitle,
  shortDescription,
  useDocumentMeta,
  useDocumentTitle,
  type DocumentMeta,
  type ImagePreload,
  type SocialMeta,
} from './documentMeta';
export * from './constants';
// Issue 39: the delivery window and cash-on-delivery rules, written once in the contract.
export * from '@storefront/contract/delivery';
export * from '@storefront/contract/cod';
export * from './messages';
export * from './paths';
export * from './format';
// Validation (yup) is its own entry, '@storefront/shared/validation', so it loads with the forms only:
// the form hook loads it on a form's first input.
export * from './forms';
export * from './notify';
export * from './stores';
export * from './ui';
export { createSession, mountStandalone, type SessionOptions } from './session';
export { whenIdle } from './idle';
export { loadOnce } from './loadOnce';
export { SINGLETON_PACKAGES } from './federation';
