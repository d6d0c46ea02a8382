export * from './schemas';
export * from './validateForm';
export type { AnyObjectSchema } from 'yup';
export * from './staff';
export * from './shopSettings';
export * from './searchSynonyms';
