import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = {
  children: ReactNode;
  // What shows instead of the children once they have thrown; `retry` draws them again.
  fallback: (error: Error, retry: () => void) => ReactNode;
};

// Keeps a failure inside the part that failed: a screen whose code did not arrive (a dropped connection, or a
// release that replaced its chunk) or that threw while drawing shows its fallback, and the frame, the other tabs
// and the menu go on working. React has no hook for this: an error boundary is a class.
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  retry = (): void => this.setState({ error: null });

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}

// A script chunk that did not arrive, as the browsers word it (Chromium, Firefox, Safari; Vite's preload helper).
const CHUNK_LOAD_FAILED = [
  'dynamically imported module', // Chromium
  'error loading dynamically imported', // Firefox
  'importing a module script failed', // Safari
  'unable to preload css', // Vite's preload helper
];
export const isChunkLoadError = (error: Error): boolean =>
  CHUNK_LOAD_FAILED.some((text) => error.message.toLowerCase().includes(text));
