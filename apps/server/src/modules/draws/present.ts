import { type DrawRow, drawResultText } from '@playrep/contracts';
import type { DrawRecord } from './queries.js';

export function drawRow(record: DrawRecord): DrawRow {
  return { _id: String(record.id), drawno: record.drawno, date: record.drawTime.toISOString(), color: record.color };
}

/** The export's rows, streamed: numbered, the winning number as the screen shows it. */
export async function* drawExportRows(gameCode: string, draws: AsyncIterable<DrawRecord>) {
  let srNo = 0;
  for await (const draw of draws) {
    srNo++;
    yield { srNo, drawno: drawResultText(gameCode, draw.drawno, draw.color), date: draw.drawTime.toISOString() };
  }
}
