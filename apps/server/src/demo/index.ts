/** The demo: its generator (seed.ts, `npm run seed`), the live demo (live/) and the server's start with it (start-up.ts). */
export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './network.js';
export { SCALES, type Scale } from './scales.js';
export { seedDemoNetwork, seedNetwork } from './seed.js';
export { demoBannerLines, liveDemo, loadDemoIfEmpty, prepareDemoFolder } from './start-up.js';
export { isDatabaseEmpty, type SeedSummary } from './summary.js';
