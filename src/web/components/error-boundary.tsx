import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * A React error boundary for what the routes' error screens do not cover: parts drawn
 * outside a page (the toaster, the top bar's account menu) whose code loads later and may
 * fail to load offline. Without it such a failure would blank the whole app; with it the
 * part is replaced by `fallback` and the rest keeps working.
 */
export class ErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('part of the screen failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
