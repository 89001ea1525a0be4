import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ClientProvider } from '../../../src/renderer/src/app/client-context';
import type { FakeSluice } from './fake-sluice';

export function renderWithClient(ui: ReactElement, fake: FakeSluice) {
  return render(<ClientProvider client={fake.client}>{ui}</ClientProvider>);
}
