import { escapeHtml } from '../../lib/html.js';

/**
 * A mail's body written once (docs/domain.md, "Mail and statements"): each kind of mail has one
 * template, a function of its facts giving the blocks below, and both its text part and its HTML
 * part are rendered from those blocks, so the two always carry the same facts and links.
 * Text: blocks apart by an empty line; HTML: one element (or list, or table) a line.
 */

/** A link: its address, its words in HTML, and in text what comes before the bare address ("Today: "). */
export interface Link {
  link: string;
  label: string;
  textLead?: string | undefined;
}

/** Words shown in one part only, where the two parts word a sentence differently (kept as they were written). */
interface OnePart {
  only: 'text' | 'html';
  words: string;
}

/** A new line in text, a space in HTML (HTML paragraphs flow). */
export const BREAK = { break: true } as const;

export type Inline = string | Link | OnePart | typeof BREAK;

export type Block =
  /** A paragraph; `small`: the footnote style (why the mail came, how to stop it). */
  | { paragraph: readonly Inline[]; small?: boolean | undefined }
  /** A title and the line under it (text: on the next line). */
  | { title: string; subtitle: string }
  /** Labelled values (text: labels padded into a column). */
  | { table: readonly { label: string; value: string; bold?: boolean | undefined }[] }
  /** Entries each led by a linked heading, with detail lines (text: indented, then the link). */
  | { entries: readonly { heading: string; details: readonly string[]; link: Link }[] }
  /** A titled list of linked lines, or what is said when there is none. */
  | { section: string; lines: readonly { text: string; link: string }[]; none: string };

/** What a template gives: the subject and the body's blocks. */
export interface MailDocument {
  subject: string;
  blocks: readonly Block[];
}

/** A mail as queued: its subject and its two parts, from one document. */
export interface MailBody {
  subject: string;
  text: string;
  html: string;
}

/** The template of a kind of mail: its facts in, its document out. */
export type MailTemplate<Facts> = (facts: Facts) => MailDocument;

export const textOnly = (words: string): OnePart => ({ only: 'text', words });
export const htmlOnly = (words: string): OnePart => ({ only: 'html', words });

const SMALL = ' style="font-size:12px;color:#495057"';

function inlineText(part: Inline): string {
  if (typeof part === 'string') return part;
  if ('break' in part) return '\n';
  if ('only' in part) return part.only === 'text' ? part.words : '';
  return `${part.textLead ?? ''}${part.link}`;
}

function inlineHtml(part: Inline): string {
  if (typeof part === 'string') return escapeHtml(part);
  if ('break' in part) return ' ';
  if ('only' in part) return part.only === 'html' ? escapeHtml(part.words) : '';
  return anchor(part.link, escapeHtml(part.label));
}

const anchor = (link: string, inner: string) => `<a href="${escapeHtml(link)}">${inner}</a>`;

function blockText(block: Block): string {
  if ('paragraph' in block) return block.paragraph.map(inlineText).join('');
  if ('title' in block) return `${block.title}\n${block.subtitle}`;
  if ('table' in block) {
    const width = Math.max(...block.table.map((row) => row.label.length));
    return block.table.map((row) => `${`${row.label}:`.padEnd(width + 2)}${row.value}`).join('\n');
  }
  if ('entries' in block) {
    return block.entries.map((entry) => [entry.heading, ...entry.details, inlineText(entry.link)].join('\n  ')).join('\n\n');
  }
  const lines = block.lines.length ? block.lines.map((line) => `- ${line.text}\n  ${line.link}`) : [`- ${block.none}`];
  return [block.section, ...lines].join('\n');
}

function blockHtml(block: Block): string {
  if ('paragraph' in block) return `<p${block.small ? SMALL : ''}>${block.paragraph.map(inlineHtml).join('')}</p>`;
  if ('title' in block) return `<h2 style="font-size:18px">${escapeHtml(block.title)}</h2>\n<p>${escapeHtml(block.subtitle)}</p>`;
  if ('table' in block) {
    const rows = block.table.map(
      (row) =>
        `<tr><td style="padding:2px 12px 2px 0${row.bold ? ';font-weight:bold' : ''}">${escapeHtml(row.label)}</td>` +
        `<td style="padding:2px 0;text-align:right;font-weight:bold">${escapeHtml(row.value)}</td></tr>`,
    );
    return ['<table style="border-collapse:collapse;font-size:14px">', ...rows, '</table>'].join('\n');
  }
  if ('entries' in block) {
    const items = block.entries.map(
      (entry) =>
        `<li style="margin-bottom:8px">${anchor(entry.link.link, `<strong>${escapeHtml(entry.heading)}</strong>`)}<br>` +
        entry.details.map(escapeHtml).join('<br>') +
        '</li>',
    );
    return ['<ul style="font-size:14px;padding-left:18px">', ...items, '</ul>'].join('\n');
  }
  const items = block.lines.length
    ? block.lines.map((line) => `<li>${anchor(line.link, escapeHtml(line.text))}</li>`).join('')
    : `<li>${escapeHtml(block.none)}</li>`;
  return `<h3>${escapeHtml(block.section)}</h3><ul>${items}</ul>`;
}

/** Renders a document's two parts. */
export function renderMail(document: MailDocument): MailBody {
  return {
    subject: document.subject,
    text: document.blocks.map(blockText).join('\n\n'),
    html: document.blocks.map(blockHtml).join('\n'),
  };
}
