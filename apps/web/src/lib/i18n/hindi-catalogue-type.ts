import type { AppMessageId } from './messages-app';
import type { SignInMessageId } from './messages-sign-in';

/** Every text ID of the web app: the sign-in page's and the app's. */
export type MessageId = SignInMessageId | AppMessageId;

/**
 * A language's catalogue besides English: a text for every message ID (tsc refuses a missing or an
 * unknown one), and the contracts' labels (screens, menus, columns, fields) by their English text,
 * which `catalogue.test.ts` holds complete.
 */
export interface HindiCatalogue {
  messages: Readonly<Record<MessageId, string>>;
  labels: Readonly<Record<string, string>>;
  /** Short month names, January first: how a day is written (28-नव॰-2026). */
  months: readonly string[];
}
