// The signed-in frame's chunk. The router loads it for every signed-in path; the login page starts loading it
// as soon as the member starts filling in the form, so the frame is there when the sign-in answers.
export const loadShell = () => import('./Shell');
// Starts loading it without waiting; a failed load is asked for again when the frame is drawn.
export const prefetchShell = (): void => void loadShell().catch(() => undefined);
