// The flags Chromium is driven with wherever the project launches it (e2e, `npm run lighthouse`): no sandbox (a
// container), no GPU, and none of the browser's own background traffic (updates, component downloads, first-run
// pages), so a run measures and tests the portal alone.
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
