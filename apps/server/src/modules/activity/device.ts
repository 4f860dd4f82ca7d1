/**
 * A user agent as the activity shows it: the browser and the system ("Chrome 131 on Android"),
 * or the start of the header for a client it does not recognise (a script, curl), at most 80
 * characters. Null when none was sent.
 */
export function shortDevice(userAgent: string | null | undefined): string | null {
  const agent = userAgent?.trim();
  if (!agent) return null;
  const browser = BROWSERS.map(([name, pattern]) => {
    const version = pattern.exec(agent)?.[1];
    return version === undefined ? null : `${name} ${version}`;
  }).find((found) => found !== null);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(agent))?.[0];
  if (browser) return system ? `${browser} on ${system}` : browser;
  return agent.slice(0, 80);
}

/** In order: the browsers that say they are another too (Edge and Opera say Chrome, Chrome says Safari). */
const BROWSERS: [string, RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: [string, RegExp][] = [
  ['Android', /\bAndroid\b/],
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b/],
  ['Linux', /\bLinux\b/],
];
