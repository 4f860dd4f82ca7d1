import { Text } from '@mantine/core';
import { displayDrawNo, FUN_AB_CODE, FUN_AB_SUITS, type SuitColor } from '@playrep/contracts';
import { type MessageId, message } from '../../../lib/i18n/messages';

const SUIT_NAMES: Record<SuitColor, MessageId> = {
  c: 'draws.number.diamond',
  k: 'draws.number.spade',
  l: 'draws.number.heart',
  f: 'draws.number.club',
};
// Red 9 keeps AA contrast on white and on striped rows; black is the page's text colour.
export const RED_SUIT_COLOR = 'var(--mantine-color-red-9)';
export const BLACK_SUIT_COLOR = 'var(--mantine-color-black)';

/**
 * A draw's winning number as the screen shows it (docs/screens.md, Draw details): Triple Fun without hyphens; Fun AB
 * with its suit symbol, red for diamonds and hearts, black for clubs and spades, and 'Not Open'
 * where the draw has no colour.
 */
export function WinningNumber({ gameCode, drawno, color }: { gameCode: string; drawno: string; color: SuitColor | null }) {
  const shown = displayDrawNo(gameCode, drawno);
  if (gameCode !== FUN_AB_CODE) return shown;
  if (!color) {
    return (
      <span>
        {shown}{' '}
        <Text span size="sm" fs="italic">
          {message('draws.number.notOpen')}
        </Text>
      </span>
    );
  }
  const suit = FUN_AB_SUITS[color];
  return (
    <span style={{ color: suit.red ? RED_SUIT_COLOR : BLACK_SUIT_COLOR, fontWeight: 600 }} data-suit={color}>
      {shown}{' '}
      <span role="img" aria-label={message(SUIT_NAMES[color])}>
        {suit.symbol}
      </span>
    </span>
  );
}
