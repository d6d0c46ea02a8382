// The other half of the deliberate cycle in first.ts.
import { first } from './first';

export const second = (): string => (first.length > 0 ? 'second' : '');
