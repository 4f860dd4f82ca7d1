/**
 * Test oracle: the settlement rules of docs/domain.md, "Weekly settlement" written a second time, independently
 * of settle-week.ts: a plain loop over an account's weeks in BigInt, percentages as integer
 * hundredths of a percent (basis points), loans kept as a running balance.
 */
export interface RefLoan {
  id: string;
  issuedAtMs: number;
  /** principal + fee. */
  totalCents: number;
  /** Deduction rate in hundredths of a percent (5000 = 50%). */
  rateBp: number;
}

export interface RefWeek {
  carryIn: number;
  profit: number;
  revenue: number;
  rateBp: number;
  deduction: number;
  afterLoan: number;
  carryOut: number;
  /** loan id -> amount taken this week (only amounts > 0). */
  taken: Map<string, number>;
}

/** Math.min for BigInt. */
function smaller(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** `percent` of a non-negative amount, rounded half up to a whole hundredth. */
function share(amount: bigint, bp: number): bigint {
  return (amount * BigInt(bp) + 5_000n) / 10_000n;
}

export function referenceSettlement(
  weeks: readonly { profit: number; endsAtMs: number }[],
  commissionBp: number,
  loans: readonly RefLoan[],
  startCarry = 0,
  startOwed?: ReadonlyMap<string, number>,
): { weeks: RefWeek[]; owed: Map<string, number> } {
  const owed = new Map<string, bigint>(loans.map((loan) => [loan.id, BigInt(startOwed?.get(loan.id) ?? loan.totalCents)]));
  let carry = BigInt(startCarry);
  const out: RefWeek[] = [];
  for (const week of weeks) {
    const carryIn = carry;
    const base = BigInt(week.profit) + carryIn;
    let revenue = 0n;
    if (base > 0n) {
      revenue = share(base, commissionBp);
      carry = 0n;
    } else {
      carry = base;
    }
    const queue = loans
      .map((loan, index) => ({ loan, index }))
      .filter(({ loan }) => loan.issuedAtMs < week.endsAtMs && (owed.get(loan.id) ?? 0n) > 0n)
      .sort((a, b) => a.loan.issuedAtMs - b.loan.issuedAtMs || a.loan.id.localeCompare(b.loan.id));
    const rateBp = queue.length > 0 ? queue[0]!.loan.rateBp : 0;
    let budget = share(revenue, rateBp);
    let totalOwed = 0n;
    for (const { loan } of queue) totalOwed += owed.get(loan.id)!;
    budget = smaller(budget, totalOwed);
    const deduction = budget;
    const taken = new Map<string, number>();
    for (const { loan } of queue) {
      if (budget === 0n) break;
      const balance = owed.get(loan.id)!;
      const take = smaller(balance, budget);
      owed.set(loan.id, balance - take);
      taken.set(loan.id, Number(take));
      budget -= take;
    }
    out.push({
      carryIn: Number(carryIn),
      profit: week.profit,
      revenue: Number(revenue),
      rateBp,
      deduction: Number(deduction),
      afterLoan: Number(revenue - deduction),
      carryOut: Number(carry),
      taken,
    });
  }
  return { weeks: out, owed: new Map([...owed].map(([id, cents]) => [id, Number(cents)])) };
}
