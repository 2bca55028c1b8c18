import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorResult } from '../app/route-error';
import { recordError } from '../lib/error-log';

interface State {
  error: unknown;
}

/** Catches a page's render error (or chunk load error) so the shell stays usable; the error is logged. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    recordError('react', error, info.componentStack ?? '');
  }

  override render() {
    if (this.state.error) {
      return <ErrorResult error={this.state.error} logged onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
