export type Scale = 'small' | 'medium' | 'large' | 'xlarge';
/** 'tiny' exists for the generator's own tests only (it is not offered by the CLI). */
export type InternalScale = Scale | 'tiny';

export const SCALES: readonly Scale[] = ['small', 'medium', 'large', 'xlarge'];

type Range = readonly [min: number, max: number];

export interface ScaleConfig {
  /** Full weeks before the week of the end date (the current, partial week comes on top). */
  weeks: number;
  /** Children per level; the fixed chain takes the first place at each level. */
  admins: number;
  samsPerAdmin: Range;
  amsPerSam: Range;
  mastersPerAm: Range;
  playersPerMaster: Range;
  /** Mean bet slips per player on a day the player plays. */
  playsPerActiveDay: number;
  /** One draw per game every this many seconds, all day. */
  drawIntervalSeconds: number;
  /** Chance per parent-child pair and week of one more transfer between them. */
  weeklyTransferRate: number;
  /** Rows per INSERT of plays or poker hands. */
  batchRows: number;
}

/** The demo network a newcomer starts with. */
const SMALL: ScaleConfig = {
  weeks: 10,
  admins: 2,
  samsPerAdmin: [2, 2],
  amsPerSam: [2, 2],
  mastersPerAm: [2, 3],
  playersPerMaster: [8, 14],
  playsPerActiveDay: 3,
  drawIntervalSeconds: 90,
  weeklyTransferRate: 0.12,
  batchRows: 20_000,
};

/** The bench's network: 500+ masters, 5,000,000+ plays over 12 weeks. */
const LARGE: ScaleConfig = {
  weeks: 12,
  admins: 4,
  samsPerAdmin: [4, 4],
  amsPerSam: [5, 5],
  mastersPerAm: [7, 8],
  playersPerMaster: [10, 18],
  playsPerActiveDay: 12.5,
  drawIntervalSeconds: 90,
  weeklyTransferRate: 0.05,
  batchRows: 50_000,
};

export const SCALE_CONFIGS: Record<InternalScale, ScaleConfig> = {
  tiny: {
    ...SMALL,
    weeks: 5,
    samsPerAdmin: [1, 1],
    amsPerSam: [1, 1],
    mastersPerAm: [2, 2],
    playersPerMaster: [2, 3],
    playsPerActiveDay: 2,
    drawIntervalSeconds: 1800,
    weeklyTransferRate: 0.2,
    batchRows: 5_000,
  },
  small: SMALL,
  // More managers and masters than small; players and play as in small.
  medium: {
    ...SMALL,
    admins: 3,
    samsPerAdmin: [2, 3],
    amsPerSam: [3, 4],
    mastersPerAm: [3, 4],
    weeklyTransferRate: 0.1,
    batchRows: 25_000,
  },
  large: LARGE,
  // Ten times large's accounts, cafes and daily plays (ten times its admins, each with large's
  // subtree), over eight weeks instead of twelve so that it fits a bench machine's disk.
  xlarge: { ...LARGE, weeks: 8, admins: 40 },
};
