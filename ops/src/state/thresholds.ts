/** The canary settings an operator does not give: when the host may end a canary by itself (issue 17). */
import type { Thresholds } from './types';

export const DEFAULT_THRESHOLDS: Thresholds = {
  maxErrorRate: 0.02,
  maxChunkFailureRate: 0.01,
  minPageViews: 50,
  windowMinutes: 15,
  minReporters: 3,
};
