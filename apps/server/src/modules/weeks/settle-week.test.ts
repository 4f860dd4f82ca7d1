import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RefLoan, referenceSettlement } from '../settlement/test-support/reference-settlement.js';
import { type LoanBalance, settleWeek } from './settle-week.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const EPOCH = Date.parse('2025-01-05T18:30:00.000Z'); // Monday 2025-01-06 00:00 IST

/** Drives settleWeek week after week the way the closing job does: carry and balances flow on. */
function runModule(profits: readonly number[], commission: number, loans: readonly RefLoan[]) {
  const owed = new Map(loans.map((loan) => [loan.id, BigInt(loan.totalCents)]));
  let carry = 0n;
  return profits.map((profit, index) => {
    const balances: LoanBalance[] = loans.map((loan) => ({
      id: loan.id,
      outstandingCents: owed.get(loan.id)!,
      deductionPercentage: loan.rateBp / 100,
      issuedAt: new Date(loan.issuedAtMs),
    }));
    const result = settleWeek({
      profitCents: BigInt(profit),
      carryInCents: carry,
      commission,
      loans: balances,
      weekEndsAt: new Date(EPOCH + (index + 1) * WEEK_MS),
    });
    for (const d of result.deductions) owed.set(d.loanId, owed.get(d.loanId)! - d.amountCents);
    const carryIn = carry;
    carry = result.carryOutCents;
    return { carryIn, ...result };
  });
}

const loanArb = fc.record({
  week: fc.integer({ min: 0, max: 15 }),
  minuteInWeek: fc.integer({ min: 0, max: 7 * 24 * 60 - 1 }),
  principal: fc.integer({ min: 1, max: 600_000 }),
  fee: fc.integer({ min: 0, max: 60_000 }),
  rateBp: fc.oneof(fc.constant(5000), fc.integer({ min: 1, max: 10_000 })),
});

const scenarioArb = fc.record({
  // Many losing weeks, some zero weeks, occasional big wins.
  profits: fc.array(
    fc.oneof(fc.integer({ min: -3_000_000, max: 3_000_000 }), fc.integer({ min: -50_000, max: 50_000 }), fc.constant(0)),
    { minLength: 1, maxLength: 16 },
  ),
  commissionBp: fc.oneof(fc.constant(0), fc.constant(10_000), fc.integer({ min: 0, max: 10_000 })),
  loans: fc.array(loanArb, { maxLength: 4 }),
});

function toRefLoans(loans: { week: number; minuteInWeek: number; principal: number; fee: number; rateBp: number }[]) {
  return loans.map(
    (loan, index): RefLoan => ({
      id: `loan-${index}`,
      // + index ms: no two loans share an instant, so "oldest first" is unambiguous.
      issuedAtMs: EPOCH + loan.week * WEEK_MS + loan.minuteInWeek * 60_000 + index,
      totalCents: loan.principal + loan.fee,
      rateBp: loan.rateBp,
    }),
  );
}

describe('settleWeek', () => {
  it('matches the reference over generated week sequences (losses, loans, zero and full commission)', () => {
    fc.assert(
      fc.property(scenarioArb, ({ profits, commissionBp, loans }) => {
        const refLoans = toRefLoans(loans);
        const weekEnds = profits.map((profit, index) => ({ profit, endsAtMs: EPOCH + (index + 1) * WEEK_MS }));
        const expected = referenceSettlement(weekEnds, commissionBp, refLoans).weeks;
        const actual = runModule(profits, commissionBp / 100, refLoans);
        actual.forEach((week, index) => {
          const ref = expected[index]!;
          expect(week.carryIn).toBe(BigInt(ref.carryIn));
          expect(week.actualRevenueCents).toBe(BigInt(ref.revenue));
          expect(week.deductionPercentage).toBe(ref.rateBp / 100);
          expect(week.revenueDeductionCents).toBe(BigInt(ref.deduction));
          expect(week.revAfterLoanCents).toBe(BigInt(ref.afterLoan));
          expect(week.carryOutCents).toBe(BigInt(ref.carryOut));
          expect(new Map(week.deductions.map((d) => [d.loanId, Number(d.amountCents)]))).toEqual(ref.taken);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('keeps its invariants for any single week', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5_000_000, max: 5_000_000 }),
        fc.integer({ min: -5_000_000, max: 0 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(loanArb, { maxLength: 4 }),
        (profit, carryIn, commissionBp, loans) => {
          const [profitCents, carryInCents] = [BigInt(profit), BigInt(carryIn)];
          const balances = toRefLoans(loans).map((loan) => ({
            id: loan.id,
            outstandingCents: BigInt(loan.totalCents),
            deductionPercentage: loan.rateBp / 100,
            issuedAt: new Date(loan.issuedAtMs),
          }));
          const r = settleWeek({ profitCents, carryInCents, commission: commissionBp / 100, loans: balances });
          const base = profitCents + carryInCents;
          expect(r.carryOutCents).toBe(base < 0n ? base : 0n);
          expect(r.actualRevenueCents).toBeGreaterThanOrEqual(0n);
          expect(r.actualRevenueCents).toBeLessThanOrEqual(base > 0n ? base : 0n);
          expect(r.revenueDeductionCents + r.revAfterLoanCents).toBe(r.actualRevenueCents);
          expect(r.deductions.reduce((s, d) => s + d.amountCents, 0n)).toBe(r.revenueDeductionCents);
          for (const d of r.deductions) {
            expect(d.amountCents).toBeGreaterThan(0n);
            expect(d.amountCents).toBeLessThanOrEqual(balances.find((l) => l.id === d.loanId)!.outstandingCents);
          }
        },
      ),
    );
  });

  it('carries a loss forward until profit covers it', () => {
    const weeks = runModule([1_000, -5_000, 2_000, 4_000], 50, []);
    expect(weeks.map((w) => [w.carryIn, w.actualRevenueCents, w.carryOutCents])).toEqual([
      [0n, 500n, 0n],
      [0n, 0n, -5_000n],
      [-5_000n, 0n, -3_000n],
      [-3_000n, 500n, 0n],
    ]);
  });

  it('takes no more than the loan still owes, and the rest of the rate from the next loan, oldest first', () => {
    const older = { id: 'b-older', outstandingCents: 300n, deductionPercentage: 40, issuedAt: new Date('2025-01-01T00:00:00Z') };
    const newer = { id: 'a-newer', outstandingCents: 200n, deductionPercentage: 90, issuedAt: new Date('2025-01-02T00:00:00Z') };
    const r = settleWeek({ profitCents: 2_000n, carryInCents: 0n, commission: 50, loans: [newer, older] });
    // revenue 1000; the oldest open loan's rate (40%) gives 400: 300 closes the older loan, 100 from the newer.
    expect(r).toMatchObject({
      actualRevenueCents: 1_000n,
      deductionPercentage: 40,
      revenueDeductionCents: 400n,
      revAfterLoanCents: 600n,
    });
    expect(r.deductions).toEqual([
      { loanId: 'b-older', amountCents: 300n },
      { loanId: 'a-newer', amountCents: 100n },
    ]);
    const small = settleWeek({
      profitCents: 2_000n,
      carryInCents: 0n,
      commission: 50,
      loans: [{ ...older, outstandingCents: 70n }],
    });
    expect(small).toMatchObject({ revenueDeductionCents: 70n, revAfterLoanCents: 930n, deductionPercentage: 40 });
  });

  it('ignores repaid loans and loans issued after the week ends; defaults the rate to 50', () => {
    const weekEndsAt = new Date('2025-01-12T18:30:00Z');
    const r = settleWeek({
      profitCents: 10_000n,
      carryInCents: 0n,
      commission: 10,
      weekEndsAt,
      loans: [
        { id: 'repaid', outstandingCents: 0n, deductionPercentage: 90, issuedAt: new Date('2024-12-01T00:00:00Z') },
        { id: 'later', outstandingCents: 5_000n, deductionPercentage: 80, issuedAt: weekEndsAt },
        { id: 'plain', outstandingCents: 5_000n, issuedAt: new Date('2025-01-12T18:29:59Z') },
      ],
    });
    expect(r).toMatchObject({ actualRevenueCents: 1_000n, deductionPercentage: 50, revenueDeductionCents: 500n });
    expect(r.deductions).toEqual([{ loanId: 'plain', amountCents: 500n }]);
  });

  it('pays nothing at zero commission and everything at 100', () => {
    const loan = { id: 'l', outstandingCents: 1_000_000n, deductionPercentage: 50, issuedAt: new Date(0) };
    expect(settleWeek({ profitCents: 9_999n, carryInCents: -1_000n, commission: 0, loans: [loan] })).toEqual({
      actualRevenueCents: 0n,
      deductionPercentage: 50,
      revenueDeductionCents: 0n,
      revAfterLoanCents: 0n,
      carryOutCents: 0n,
      deductions: [],
    });
    expect(settleWeek({ profitCents: 9_999n, carryInCents: -1_000n, commission: 100, loans: [] })).toEqual({
      actualRevenueCents: 8_999n,
      deductionPercentage: 0,
      revenueDeductionCents: 0n,
      revAfterLoanCents: 8_999n,
      carryOutCents: 0n,
      deductions: [],
    });
  });

  it('rounds shares half up to whole hundredths', () => {
    // 33.33% of 3 = 0.9999 -> 1; 50% of 1 = 0.5 -> 1.
    expect(settleWeek({ profitCents: 3n, carryInCents: 0n, commission: 33.33, loans: [] }).actualRevenueCents).toBe(1n);
    const r = settleWeek({
      profitCents: 1n,
      carryInCents: 0n,
      commission: 100,
      loans: [{ id: 'l', outstandingCents: 10n, issuedAt: new Date(0) }],
    });
    expect(r.revenueDeductionCents).toBe(1n);
  });

  it('refuses a positive carry-in and a commission out of 0..100', () => {
    expect(() => settleWeek({ profitCents: 1n, carryInCents: 5n, commission: 10, loans: [] })).toThrow(RangeError);
    expect(() => settleWeek({ profitCents: 1n, carryInCents: 0n, commission: 101, loans: [] })).toThrow(RangeError);
  });

  it('settles amounts beyond 2^53 hundredths exactly', () => {
    const huge = 2n ** 60n + 1n;
    const r = settleWeek({
      profitCents: huge,
      carryInCents: -1n,
      commission: 50,
      loans: [{ id: 'l', outstandingCents: huge, deductionPercentage: 50, issuedAt: new Date(0) }],
    });
    expect(r).toMatchObject({ actualRevenueCents: 2n ** 59n, revenueDeductionCents: 2n ** 58n, revAfterLoanCents: 2n ** 58n });
  });
});
