import { describeWalk } from './accessibility-walk.js';

// Issue 42, zh-TW with the colour-weak mode on, the login page and the first half of the menu, dark and light, judged
// as drawn (the walks and why they are four files: e2e/accessibility-walk.ts).
describeWalk('zh-TW colour-weak', 'first');
