// A deliberate cycle (first → second → first) for scripts/lint-rules.test.mjs; `pnpm lint` ignores this folder.
import { second } from './second';

export const first = (): string => `first then ${second()}`;
