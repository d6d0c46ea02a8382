/** Test helpers for every section: the in-memory fake API, fixtures, and rendering inside the stores. */
export * from './fakeApi';
export * from './fixtures';
export * from './renderWithStores';
export { memoryStorage } from '../stores/persistence';
export * from './toasts';
export * from './changes';
export * from './carousels';
