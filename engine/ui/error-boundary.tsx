import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Catches a render or chunk-load failure below it and shows `fallback(retry)` instead of a blank page. */
export class ErrorBoundary extends Component<
  {
    fallback: (retry: () => void) => ReactNode;
    onError?: (error: unknown, info: ErrorInfo) => void;
    children: ReactNode;
  },
  { failed: boolean }
> {
  // State and retry are assigned in the constructor, not as class fields: fields compile to defineProperty helpers
  // in the entry chunk for the browsers we target.
  declare private readonly retry: () => void;

  constructor(props: ErrorBoundary['props']) {
    super(props);
    this.state = { failed: false };
    this.retry = () => this.setState({ failed: false });
  }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
