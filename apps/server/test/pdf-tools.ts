import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The PDF tools of the machine (qpdf, poppler's pdftotext) the PDF tests use where installed. */

/** A command's standard output for `input`, or undefined when the command is not installed. */
export function commandOutput(command: string, args: string[], input: Buffer): string | undefined {
  try {
    return execFileSync(command, args, { input, encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** `qpdf --check`'s report on `pdf` (failing the test on an error), or undefined without qpdf. */
export function qpdfCheck(pdf: Buffer): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'qpdf-'));
  try {
    const file = join(dir, 'check.pdf');
    writeFileSync(file, pdf);
    return commandOutput('qpdf', ['--check', file], Buffer.alloc(0));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
