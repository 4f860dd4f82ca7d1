import type { Writable } from 'node:stream';

/** Waits while `output` is full; fails when the download was closed. */
export async function roomIn(output: Writable): Promise<void> {
  if (output.destroyed) throw new Error('The download was closed');
  if (!output.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      output.off('drain', onDrain);
      output.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('The download was closed'));
    output.on('drain', onDrain);
    output.on('close', onClose);
  });
}
