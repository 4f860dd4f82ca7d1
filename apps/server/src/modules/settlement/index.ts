/**
 * Weekly settlement (docs/domain.md, "Weekly settlement"; the lasting rules: docs/decisions/0014):
 * closing the finished weeks, and the schedule that does it on one process. What a week is and
 * its figures, closed or live, are modules/weeks.
 */

export { type CloseResult, closeFinishedWeeks } from './close-weeks.js';
export { SETTLEMENT_LOCK_KEY } from './lock.js';
export { startSettlementSchedule } from './schedule.js';
