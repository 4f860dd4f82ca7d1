import { createContext, useContext } from 'react';
import type { LiveAnswer } from '../../lib/report-call';

/**
 * The live report of the page around (PageFrame provides it): a table whose rows change because
 * that report refreshed itself keeps its page; rows changed by anything else (new filters) start
 * on the first page again.
 */
export const LiveAnswerContext = createContext<LiveAnswer | undefined>(undefined);

export function useLiveAnswer(): LiveAnswer | undefined {
  return useContext(LiveAnswerContext);
}
