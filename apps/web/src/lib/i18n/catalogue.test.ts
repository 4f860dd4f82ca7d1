import * as contracts from '@playrep/contracts';
import {
  COUNTERPARTY_HEADERS,
  DATE_LABELS,
  FIELD_LABELS,
  LABELS_HI,
  MENU_ORDER,
  SCREENS,
  sectionTitle,
  TRANSFER_SECTION_KEYS,
  transferColumns,
} from '@playrep/contracts';
import { describe, expect, it } from 'vitest';
import { HI } from './catalogue-hi';
import type { MessageId } from './hindi-catalogue-type';
import { EN_APP } from './messages-app';
import { EN_SIGN_IN } from './messages-sign-in';

const ENGLISH: Readonly<Record<MessageId, string>> = { ...EN_SIGN_IN, ...EN_APP };

/** Column lists anywhere in the contracts' exports (a list, or an object of lists, of { key, header }). */
function columnHeaders(value: unknown, depth = 0): string[] {
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    return value.flatMap((item) =>
      item && typeof item === 'object' && 'key' in item && typeof item.header === 'string'
        ? [item.header as string]
        : columnHeaders(item, depth + 1),
    );
  }
  return Object.values(value).flatMap((item) => columnHeaders(item, depth + 1));
}

/** Every label the contracts give the screens: menus, screen titles, columns, fields. */
function contractLabels(): Set<string> {
  const labels = new Set<string>(MENU_ORDER);
  for (const screen of SCREENS) {
    labels.add(screen.label);
    for (const wording of Object.values(screen.menuLabels ?? {})) labels.add(wording);
  }
  for (const value of Object.values(contracts)) for (const header of columnHeaders(value)) labels.add(header);
  for (const call of Object.values(FIELD_LABELS)) for (const label of Object.values(call)) labels.add(label);
  for (const label of Object.values(DATE_LABELS)) labels.add(label);
  // Made by functions: the transfer tables' columns and section titles.
  for (const header of Object.values(COUNTERPARTY_HEADERS))
    for (const column of transferColumns(header)) labels.add(column.header);
  for (const key of TRANSFER_SECTION_KEYS) for (const multiplayer of [false, true]) labels.add(sectionTitle(key, multiplayer));
  return labels;
}

/** The names an ICU message fills in: `{name}` and `{count, plural, ...}`. */
const argumentsOf = (text: string) => [...new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]))].sort();

/** Game names stay as they are in every language (docs/glossary-hi.md). */
const GAME_NAMES = new Set(['Fun Target', 'Fun Roullet', 'Triple Fun', 'Fun AB']);
const DEVANAGARI = /[\u0900-\u097F]/;

describe('the Hindi catalogue', () => {
  it('has every message of the English catalogues, with the same arguments, in Devanagari', () => {
    const missing = Object.keys(ENGLISH).filter((id) => !HI.messages[id as MessageId]?.trim());
    expect(missing, 'messages without Hindi').toEqual([]);
    const unknown = Object.keys(HI.messages).filter((id) => !(id in ENGLISH));
    expect(unknown, 'Hindi messages no English message has').toEqual([]);
    for (const [id, english] of Object.entries(ENGLISH)) {
      const hindi = HI.messages[id as MessageId];
      expect(argumentsOf(hindi), `${id}: ${hindi}`).toEqual(argumentsOf(english));
      expect(DEVANAGARI.test(hindi) || hindi === english, `${id} reads in Hindi: ${hindi}`).toBe(true);
    }
  });

  it('has every label the contracts give a screen, a menu, a column or a field; game names as they are', () => {
    const labels = contractLabels();
    const missing = [...labels].filter((label) => !LABELS_HI[label]?.trim());
    expect(missing, 'labels without Hindi').toEqual([]);
    const stale = Object.keys(LABELS_HI).filter((label) => !labels.has(label));
    expect(stale, 'Hindi labels the contracts no longer have').toEqual([]);
    for (const label of labels) {
      if (GAME_NAMES.has(label)) expect(LABELS_HI[label]).toBe(label);
      else expect(DEVANAGARI.test(LABELS_HI[label] ?? ''), `${label}: ${LABELS_HI[label]}`).toBe(true);
    }
  });

  it('spells the twelve months in Hindi, each once', () => {
    expect(HI.months).toHaveLength(12);
    expect(new Set(HI.months).size).toBe(12);
    for (const month of HI.months) expect(DEVANAGARI.test(month)).toBe(true);
  });
});
