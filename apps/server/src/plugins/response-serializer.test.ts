import { DailyStatusResponse, ENDPOINTS, TransferReportResponse } from '@playrep/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler, compileShapeCheck } from './response-serializer.js';

type Serialize = (data: unknown) => string;
const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never;
const zodWay = (schema: unknown) => serializerCompiler(route(schema)) as Serialize;
const production = (schema: unknown) => compiledSerializerCompiler({ crossCheck: false })(route(schema)) as Serialize;
const crossChecked = (schema: unknown) => compiledSerializerCompiler({ crossCheck: true })(route(schema)) as Serialize;

/** What the serializer gives: its text, or the error it throws. */
const outcome = (serialize: Serialize, data: unknown) => {
  try {
    return { text: serialize(data) };
  } catch (err) {
    return { error: (err as Error).constructor.name };
  }
};

const row = {
  _id: 'a1',
  username: 'master1',
  fullname: 'Master One',
  address: 'Cafe "1"\n\u2028 street',
  profit: -12.5,
  playedElsewhere: false,
};
const daily = { fromDate: '2025-03-04', toDate: '2025-03-04', data: [row, { ...row, _id: 'a2', profit: 0 }], totalProfit: -12.5 };

describe('answers serialised without zod’s copy', () => {
  it('compiles a shape check for every answer of the report and session calls', () => {
    const uncovered = Object.entries(ENDPOINTS)
      .filter(([, endpoint]) => endpoint.access === 'report' || endpoint.access === 'session')
      .filter(([, endpoint]) => compileShapeCheck(endpoint.response as never) === null)
      .map(([name]) => name);
    expect(uncovered).toEqual([]);
  });

  it('writes what zod writes, for answers of the exact shape and for every other answer', () => {
    const transfer = {
      _id: '7',
      amount: 150.25,
      createdAt: '2025-03-04T06:00:00.000Z',
      resolvedAt: null,
      status: 'pending',
      channel: 'single',
      type: 'P',
      direction: 'sent',
      toUserId: { _id: 'u', username: 'player1', firstName: 'P', lastName: 'One', role: 'player' },
    };
    const transfers = {
      success: true,
      range: { fromDate: '2025-03-01', toDate: '2025-03-07' },
      data: {
        transferred: [transfer],
        transferredNotReceived: [],
        received: [],
        yetToBeReceived: [],
        rejected: [],
        cancelled: [],
      },
    };
    const { _id, ...rest } = row;
    const cases: [z.ZodType, unknown][] = [
      [DailyStatusResponse, daily],
      // Keys in another order, an extra key, an optional key undefined, a missing one: zod's copy decides.
      [DailyStatusResponse, { ...daily, data: [{ ...rest, _id }] }],
      [DailyStatusResponse, { ...daily, secret: 'not in the schema' }],
      [DailyStatusResponse, { ...daily, data: [{ ...row, passwordHash: 'x' }] }],
      [TransferReportResponse, transfers],
      [
        TransferReportResponse,
        { ...transfers, data: { ...transfers.data, transferred: [{ ...transfer, toUserId: undefined }] } },
      ],
      [
        TransferReportResponse,
        { ...transfers, data: { ...transfers.data, transferred: [{ ...transfer, userId: transfer.toUserId }] } },
      ],
      [
        TransferReportResponse,
        { ...transfers, data: { ...transfers.data, transferred: [{ ...transfer, toUserId: { ...transfer.toUserId, x: 1 } }] } },
      ],
      // Wrong answers: zod refuses them as before.
      [DailyStatusResponse, { ...daily, totalProfit: Number.NaN }],
      [DailyStatusResponse, { ...daily, totalProfit: '1' }],
      [DailyStatusResponse, { ...daily, data: [{ ...row, playedElsewhere: undefined }] }],
      [TransferReportResponse, { ...transfers, data: { ...transfers.data, transferred: [{ ...transfer, status: 'lost' }] } }],
      [
        TransferReportResponse,
        { ...transfers, data: { ...transfers.data, transferred: [{ ...transfer, resolvedAt: new Date(0) }] } },
      ],
      [z.object({ n: z.int(), s: z.string().nullable() }), { n: 1.5, s: null }],
      [z.object({ n: z.int(), s: z.string().nullable() }), { n: 2, s: null }],
      [z.object({ n: z.number().int(), m: z.int32() }), { n: 2.5, m: 1 }],
      [z.object({ n: z.number().int(), m: z.int32() }), { n: 2, m: 2 ** 31 }],
      [z.object({ n: z.number().int(), m: z.int32() }), { n: 2, m: -(2 ** 31) }],
      [z.object({ n: z.int(), s: z.string().nullable() }), Object.assign(Object.create({ inherited: 1 }), { n: 2, s: 'x' })],
    ];
    for (const [schema, data] of cases) {
      const expected = outcome(zodWay(schema), data);
      expect(outcome(production(schema), data), JSON.stringify(data)).toEqual(expected);
      expect(outcome(crossChecked(schema), data), JSON.stringify(data)).toEqual(expected);
    }
  });

  it('takes the fast path only for an answer of the exact shape', () => {
    const check = compileShapeCheck(DailyStatusResponse as never)!;
    expect(check(daily)).toBe(true);
    expect(check({ ...daily, extra: 1 })).toBe(false);
    expect(check({ toDate: daily.toDate, fromDate: daily.fromDate, data: daily.data, totalProfit: 1 })).toBe(false);
    expect(check({ ...daily, data: [{ ...row, profit: Number.POSITIVE_INFINITY }] })).toBe(false);
  });

  it('leaves schemas it does not cover to zod', () => {
    expect(compileShapeCheck(z.object({ a: z.union([z.string(), z.number()]) }) as never)).toBeNull();
    expect(compileShapeCheck(z.object({ a: z.string().max(3) }) as never)).toBeNull();
    expect(compileShapeCheck(z.object({ a: z.email() }) as never)).toBeNull();
    expect(compileShapeCheck(z.object({ a: z.float32() }) as never)).toBeNull();
    expect(compileShapeCheck(z.object({ a: z.string().default('x') }) as never)).toBeNull();
    expect(compileShapeCheck(z.record(z.string(), z.number()) as never)).toBeNull();
    expect(compileShapeCheck(z.looseObject({ a: z.string() }) as never)).toBeNull();
  });
});
