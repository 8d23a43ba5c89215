import { describeWalk } from './accessibility-walk.js';

// Issue 42, en-US, the login page and the first half of the menu, each screen with its row dialogs, dark and light (the walks and why they are four files: e2e/accessibility-walk.ts).
describeWalk('en-US', 'first');
