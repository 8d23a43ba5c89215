import { describeWalk } from './accessibility-walk.js';

// Issue 42, en-US, the second half of the menu, each screen with its row dialogs, and the message box, dark and light (the walks and why they are four files: e2e/accessibility-walk.ts).
describeWalk('en-US', 'second');
